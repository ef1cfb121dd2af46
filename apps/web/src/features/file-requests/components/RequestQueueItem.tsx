import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isUploadError } from '@/lib/uploader/errors';
import { formatBytes, formatDuration, formatSpeed } from '@/lib/uploader/format';
import type { QueueItem } from '@/lib/uploader/queue';
import { uploadErrorMessage } from '@/lib/uploader/upload-error-message';
import type { RequestUploadTarget } from '@/features/file-requests/lib/request-transport';
import type { RequestQueueStore } from '@/features/file-requests/lib/request-upload';

type Item = QueueItem<RequestUploadTarget, RequestReceipt>;

const COLORS = {
  queued: 'gray',
  uploading: 'blue',
  success: 'teal',
  error: 'red',
  cancelled: 'gray',
} as const;

function statusOf(item: Item): keyof typeof COLORS {
  if (item.status === 'pending') {
    return 'queued';
  }
  if (item.status === 'error' && isUploadError(item.error, 'cancelled')) {
    return 'cancelled';
  }
  return item.status;
}

/** Percent, bytes, speed and time left of a file being sent. */
export function progressLine(
  item: Pick<Item, 'loaded' | 'total' | 'speed' | 'secondsLeft'>,
  timeLeft: (time: string) => string,
) {
  const percent = item.total > 0 ? Math.min(100, Math.floor((item.loaded / item.total) * 100)) : 0;
  const moving = item.speed !== null && item.speed > 0;
  return {
    percent,
    text: [
      `${percent}%`,
      `${formatBytes(item.loaded)} / ${formatBytes(item.total)}`,
      moving && item.speed !== null ? formatSpeed(item.speed) : null,
      moving && item.secondsLeft !== null ? timeLeft(formatDuration(item.secondsLeft)) : null,
    ]
      .filter((part): part is string => part !== null)
      .join(' · '),
  };
}

/** One file on its way: its state, its progress, and cancel, retry or remove. */
export function RequestQueueItem({ item, store }: { item: Item; store: RequestQueueStore }) {
  const { t } = useTranslation();
  const name = item.file.name;
  const status = statusOf(item);
  const busy = item.status === 'uploading' || item.status === 'pending';
  const progress = progressLine(item, (time) => t('fileRequests.public.queue.timeLeft', { time }));
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end" title={name}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(item.file.size)}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color={COLORS[status]} size="sm">
              {t(`fileRequests.public.queue.status.${status}`)}
            </Badge>
            {item.status === 'error' && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={() => store.retry(item.id)}
                aria-label={t('fileRequests.public.queue.retryFile', { name })}
              >
                {t('fileRequests.public.queue.retry')}
              </Button>
            )}
            {busy ? (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => store.cancel(item.id)}
                aria-label={t('fileRequests.public.queue.cancelFile', { name })}
              >
                {t('common.cancel')}
              </Button>
            ) : (
              <Tooltip label={t('fileRequests.public.queue.removeFile', { name })}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => store.remove(item.id)}
                  aria-label={t('fileRequests.public.queue.removeFile', { name })}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        {item.status === 'uploading' && (
          <Stack gap={4}>
            <Progress
              value={progress.percent}
              size="md"
              striped={item.stage !== 'uploading'}
              animated={item.stage !== 'uploading'}
              aria-label={t('fileRequests.public.queue.progressOf', { name })}
              transitionDuration={150}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {progress.text}
            </Text>
          </Stack>
        )}
        {item.status === 'error' && (
          <Text size="sm" c={status === 'cancelled' ? 'dimmed' : 'red'} role="alert">
            {uploadErrorMessage(t, item.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
