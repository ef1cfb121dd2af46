import { ActionIcon, Badge, Group, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { FsWriteResult } from '@pastebox/contract/schemas/fs';
import { parentOf } from '@pastebox/contract/rules/virtual-path';
import {
  IconAlertCircle,
  IconCheck,
  IconClock,
  IconRefresh,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isUploadError } from '@/lib/uploader/errors';
import { formatBytes, formatDuration, formatSpeed } from '@/lib/uploader/format';
import type { FsUploadQueueStore, FsUploadTarget } from '@/lib/uploader/fs-upload';
import type { QueueItem } from '@/lib/uploader/queue';
import { uploadErrorMessage } from '@/lib/uploader/upload-error-message';

type UploadItem = QueueItem<FsUploadTarget, FsWriteResult>;

const LOOKS = {
  pending: { color: 'gray', Icon: IconClock },
  uploading: { color: 'blue', Icon: IconUpload },
  success: { color: 'teal', Icon: IconCheck },
  error: { color: 'red', Icon: IconAlertCircle },
  cancelled: { color: 'gray', Icon: IconX },
} as const;

type StatusKey = keyof typeof LOOKS;

/** SPEC §4's states, with a cancelled upload told apart from a failed one. */
function statusKeyOf(item: UploadItem): StatusKey {
  return item.status === 'error' && isUploadError(item.error, 'cancelled')
    ? 'cancelled'
    : item.status;
}

/** Whole percent sent; an empty file is at 0 until it is done. */
function percentOf(item: UploadItem): number {
  return item.total > 0 ? Math.min(100, Math.floor((item.loaded / item.total) * 100)) : 0;
}

/** One file of the queue: name, target folder, progress, speed and time left, its actions. */
export function UploadQueueRow({ item, store }: { item: UploadItem; store: FsUploadQueueStore }) {
  const { t } = useTranslation();
  const name = item.options.label;
  const statusKey = statusKeyOf(item);
  const { color, Icon } = LOOKS[statusKey];
  const percent = percentOf(item);
  // A file over the max upload size fails again however often it is retried.
  const retryable = item.status === 'error' && !isUploadError(item.error, 'tooLarge');
  const details = [
    `${percent}%`,
    `${formatBytes(item.loaded)} / ${formatBytes(item.total)}`,
    item.speed !== null && item.speed > 0 ? formatSpeed(item.speed) : null,
    item.secondsLeft !== null && item.speed !== null && item.speed > 0
      ? t('explorerUpload.timeLeft', { time: formatDuration(item.secondsLeft) })
      : null,
  ].filter((part): part is string => part !== null);

  return (
    <Group component="li" aria-label={name} gap="sm" wrap="nowrap" align="flex-start" py={6}>
      <ThemeIcon variant="light" color={color} size={32} radius="md" mt={2}>
        <Icon size={18} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500} truncate="end" title={name}>
            {name}
          </Text>
          <Badge variant="light" color={color} size="sm" style={{ flexShrink: 0 }}>
            {t(`explorerUpload.status.${statusKey}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {t('explorerUpload.target', { folder: parentOf(item.options.path) })} ·{' '}
          {formatBytes(item.file.size)}
        </Text>
        {item.status === 'uploading' && (
          <>
            <Progress
              value={percent}
              size="sm"
              striped={item.stage !== 'uploading'}
              animated={item.stage !== 'uploading'}
              aria-label={t('explorerUpload.progress', { name })}
              transitionDuration={150}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {details.join(' · ')}
            </Text>
          </>
        )}
        {item.status === 'error' && (
          <Text size="xs" c={statusKey === 'cancelled' ? 'dimmed' : 'red'} role="alert">
            {uploadErrorMessage(t, item.error)}
          </Text>
        )}
      </Stack>
      <Group gap={2} wrap="nowrap">
        {retryable && (
          <Tooltip label={t('explorerUpload.retry')}>
            <ActionIcon
              variant="subtle"
              onClick={() => store.retry(item.id)}
              aria-label={t('explorerUpload.retryFile', { name })}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {item.status === 'uploading' || item.status === 'pending' ? (
          <Tooltip label={t('explorerUpload.cancel')}>
            <ActionIcon
              variant="subtle"
              color="red"
              // A file still waiting simply leaves the queue; one under way stops (retryable).
              onClick={() =>
                item.status === 'pending' ? store.remove(item.id) : store.cancel(item.id)
              }
              aria-label={t('explorerUpload.cancelFile', { name })}
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={t('explorerUpload.remove', { name })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => store.remove(item.id)}
              aria-label={t('explorerUpload.remove', { name })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
