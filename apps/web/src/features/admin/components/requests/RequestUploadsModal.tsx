import { Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { FileRequest, RequestUpload } from '@pastebox/contract/schemas/file-request';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { ListErrorAlert } from '@/features/admin/components/shared/ListFrame';
import { downloadRequestUpload } from './api/download-upload';
import {
  useDeleteRequestUpload,
  useRequestUploads,
  useShareRequestUpload,
} from './api/request-uploads';
import { RequestReceived, RequestStateBadge } from './RequestParts';
import { RequestUploadRow } from './RequestUploadRow';

/** What one request received, newest first, with each item's actions. */
export function RequestUploadsModal({
  request,
  onClose,
}: {
  request: FileRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      size="xl"
      title={request ? t('fileRequests.uploads.title', { title: request.title }) : ''}
    >
      {request && <UploadsBody request={request} />}
    </Modal>
  );
}

function UploadsBody({ request }: { request: FileRequest }) {
  const { t } = useTranslation();
  const uploads = useRequestUploads(request.id);
  const share = useShareRequestUpload();
  const remove = useDeleteRequestUpload();
  const [busyId, setBusyId] = useState<string | null>(null);
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });

  const onShare = (upload: RequestUpload) => {
    setBusyId(upload.id);
    share.mutate(upload, {
      onSuccess: (shared) =>
        notifications.show({
          color: 'green',
          message: t('fileRequests.uploads.shared', { name: shared.filename }),
        }),
      onError: failed,
      onSettled: () => setBusyId(null),
    });
  };
  const onDownload = (upload: RequestUpload) => {
    downloadRequestUpload(upload).catch(failed);
  };
  const onDelete = (upload: RequestUpload) =>
    modals.openConfirmModal({
      title: t('fileRequests.uploads.deleteTitle'),
      children: (
        <Text size="sm">
          {upload.kind === 'text'
            ? t('fileRequests.uploads.deleteTextConfirm')
            : t('fileRequests.uploads.deleteConfirm', { name: upload.filename })}
        </Text>
      ),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(upload, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('fileRequests.uploads.deleted') }),
          onError: failed,
        }),
    });

  const items = uploads.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <RequestStateBadge request={request} />
        <RequestReceived request={request} />
      </Group>
      {uploads.isError && (
        <ListErrorAlert error={uploads.error} onRetry={() => void uploads.refetch()} />
      )}
      {uploads.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('fileRequests.uploads.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((upload) => (
            <RequestUploadRow
              key={upload.id}
              upload={upload}
              busyId={busyId}
              onShare={onShare}
              onDownload={onDownload}
              onDelete={onDelete}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
