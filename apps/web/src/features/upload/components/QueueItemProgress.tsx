import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration, formatSpeed } from '@/lib/uploader/format';
import type { QueueItem } from '@/lib/uploader/queue';

/** Whole percent of an upload; a file with no bytes is done when it is done. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) {
    return 0;
  }
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** Stage, percent, bytes, speed and time left of an upload in progress (SPEC §4). */
export function QueueItemProgress({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const percent = percentOf(item.loaded, item.total);
  const stage = item.stage ?? 'starting';
  const details = [
    t(`uploader.stages.${stage}`),
    `${percent}%`,
    `${formatBytes(item.loaded)} / ${formatBytes(item.total)}`,
    item.speed !== null && item.speed > 0 ? formatSpeed(item.speed) : null,
    item.secondsLeft !== null && item.speed !== null && item.speed > 0
      ? t('upload.queue.timeLeft', { time: formatDuration(item.secondsLeft) })
      : null,
  ].filter((part): part is string => part !== null);

  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        size="md"
        striped={stage !== 'uploading'}
        animated={stage !== 'uploading'}
        aria-label={t('upload.queue.status.uploading')}
        transitionDuration={150}
      />
      <Group gap="xs" justify="space-between">
        <Text size="xs" c="dimmed" aria-live="polite">
          {details.join(' · ')}
        </Text>
      </Group>
    </Stack>
  );
}
