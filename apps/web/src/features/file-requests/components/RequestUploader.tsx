import { Alert, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import type { PublicFileRequest, RequestReceipt } from '@pastebox/contract/schemas/file-request';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueState } from '@/lib/uploader/queue';
import { formatBytes } from '@/lib/uploader/format';
import { checkFiles, type FileRefusal } from '@/features/file-requests/lib/file-check';
import type { RequestUploadTarget } from '@/features/file-requests/lib/request-transport';
import type { RequestQueueStore } from '@/features/file-requests/lib/request-upload';
import { RequestDropzone } from './RequestDropzone';
import { RequestQueueItem } from './RequestQueueItem';

/** Why a file was refused before upload, in the reader's words. */
export function refusalMessage(
  t: TFunction,
  request: PublicFileRequest,
  file: File,
  refusal: FileRefusal,
) {
  const name = file.name;
  switch (refusal.reason) {
    case 'type':
      return t('fileRequests.public.refused.type', {
        name,
        types: request.allowed_types.join(', '),
      });
    case 'tooLarge':
      return t('fileRequests.public.refused.tooLarge', {
        name,
        size: formatBytes(file.size),
        max: formatBytes(refusal.max),
      });
    case 'tooMany':
      return t('fileRequests.public.refused.tooMany', { name, count: refusal.left });
    case 'totalTooLarge':
      return t('fileRequests.public.refused.totalTooLarge', {
        name,
        size: formatBytes(file.size),
        left: formatBytes(refusal.left),
      });
  }
}

interface RequestUploaderProps {
  request: PublicFileRequest;
  target: RequestUploadTarget;
  state: QueueState<RequestUploadTarget, RequestReceipt>;
  store: RequestQueueStore;
}

/**
 * The drop zone and the queue: each chosen file is checked against the request's types and
 * sizes before anything is sent (a refusal names the file and the rule), the others start
 * at once, two at a time, each with its progress, cancel and retry.
 */
export function RequestUploader({ request, target, state, store }: RequestUploaderProps) {
  const { t } = useTranslation();
  const [refusals, setRefusals] = useState<string[]>([]);
  const waiting = state.items.filter(
    (item) => item.status === 'pending' || item.status === 'uploading',
  );
  const full = request.files_left === 0 || request.bytes_left === 0;

  const add = (files: File[]) => {
    const taken = {
      files: waiting.length,
      bytes: waiting.reduce((sum, item) => sum + item.file.size, 0),
    };
    const { accepted, refused } = checkFiles(request, files, taken);
    setRefusals(refused.map(({ file, refusal }) => refusalMessage(t, request, file, refusal)));
    if (accepted.length > 0) {
      store.start(store.add(accepted, target));
    }
  };

  return (
    <Stack gap="sm">
      <RequestDropzone onFiles={add} disabled={full} />
      {refusals.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          title={
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <span>{t('fileRequests.public.refused.title', { count: refusals.length })}</span>
              <CloseButton
                size="sm"
                aria-label={t('common.close')}
                onClick={() => setRefusals([])}
              />
            </Group>
          }
          styles={{ label: { width: '100%' } }}
        >
          <List size="sm" spacing={4}>
            {refusals.map((message, index) => (
              // Two files of one folder may share a name (and so a message).
              <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                {message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {state.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('fileRequests.public.queue.label')}
        >
          {state.items.map((item) => (
            <RequestQueueItem key={item.id} item={item} store={store} />
          ))}
        </Stack>
      )}
      {full && (
        <Text size="sm" c="dimmed">
          {t('fileRequests.public.allReceived')}
        </Text>
      )}
    </Stack>
  );
}
