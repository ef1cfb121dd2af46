import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeleteRequest, useSetRequestClosed } from './api/change-request';

/** Close/reopen (at once) and delete (confirmed first) of a request, each reported. */
export function useRequestActions() {
  const { t } = useTranslation();
  const setClosed = useSetRequestClosed();
  const remove = useDeleteRequest();
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });

  const onToggleClosed = (request: FileRequest) => {
    const closed = request.closed_at === null;
    setTogglingId(request.id);
    setClosed.mutate(
      { id: request.id, closed },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: t(closed ? 'fileRequests.closed' : 'fileRequests.reopened', {
              title: saved.title,
            }),
          }),
        onError: failed,
        onSettled: () => setTogglingId(null),
      },
    );
  };

  const onDelete = (request: FileRequest) =>
    modals.openConfirmModal({
      title: t('fileRequests.deleteTitle'),
      children: <Text size="sm">{t('fileRequests.deleteConfirm', { title: request.title })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(request.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('fileRequests.deleted', { title: request.title }),
            }),
          onError: failed,
        }),
    });

  return { onToggleClosed, onDelete, togglingId };
}
