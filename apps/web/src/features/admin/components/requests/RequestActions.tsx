import { Group } from '@mantine/core';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { IconInbox, IconInboxOff, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteAction,
  EditAction,
  IconAction,
} from '@/features/admin/components/shared/IconAction';

/** What the owner can do to one request. */
export interface RequestActionHandlers {
  onOpen: (request: FileRequest) => void;
  onEdit: (request: FileRequest) => void;
  onToggleClosed: (request: FileRequest) => void;
  onDelete: (request: FileRequest) => void;
  /** The request being closed or reopened, if any. */
  togglingId: string | null;
}

/** Received files, edit, close/reopen and delete of one request, each named after it. */
export function RequestActions({
  request,
  onOpen,
  onEdit,
  onToggleClosed,
  onDelete,
  togglingId,
}: RequestActionHandlers & { request: FileRequest }) {
  const { t } = useTranslation();
  const name = { title: request.title };
  const closed = request.closed_at !== null;
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip={t('fileRequests.uploads.open')}
        label={t('fileRequests.uploads.openOf', name)}
        icon={<IconListDetails size={18} />}
        onClick={() => onOpen(request)}
      />
      <EditAction label={t('fileRequests.editOf', name)} onClick={() => onEdit(request)} />
      <IconAction
        tooltip={closed ? t('fileRequests.reopen') : t('fileRequests.close')}
        label={closed ? t('fileRequests.reopenOf', name) : t('fileRequests.closeOf', name)}
        icon={closed ? <IconInbox size={18} /> : <IconInboxOff size={18} />}
        loading={togglingId === request.id}
        onClick={() => onToggleClosed(request)}
      />
      <DeleteAction label={t('fileRequests.deleteOf', name)} onClick={() => onDelete(request)} />
    </Group>
  );
}
