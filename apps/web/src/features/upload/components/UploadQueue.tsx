import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconClearAll, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queueSummary, type QueueState } from '@/lib/uploader/queue';
import type { UploadQueueStore } from '@/lib/uploader/queue-store';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { uploadOptionsValid } from './FileOptionsFields';
import { QueueItemCard } from './QueueItemCard';

export interface UploadQueueProps {
  state: QueueState;
  store: UploadQueueStore;
  storageChoices: StorageChoice[] | null;
  /** Issue 33: the files go out as one bundle link, not each with its own. */
  bundled?: boolean;
}

/** The files added so far, with "upload all" and "clear finished". */
export function UploadQueue({ state, store, storageChoices, bundled = false }: UploadQueueProps) {
  const { t } = useTranslation();
  const summary = queueSummary(state);
  const startable = state.items.filter(
    (item) => item.status === 'pending' && !item.queued && uploadOptionsValid(item.options),
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={4}>{t('upload.queue.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('upload.queue.count', { count: state.items.length })}
            {summary.success > 0 &&
              ` · ${t('upload.queue.summary', { done: summary.success, total: state.items.length })}`}
          </Text>
        </Group>
        <Group gap="xs">
          {summary.success > 0 && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconClearAll size={16} />}
              onClick={() => store.clearFinished()}
            >
              {t('upload.queue.clearFinished')}
            </Button>
          )}
          {/* The main action of the screen: filled and a size above the others. */}
          <Button
            variant="filled"
            size="md"
            leftSection={<IconUpload size={18} />}
            onClick={() => store.start(startable.map((item) => item.id))}
            disabled={startable.length === 0}
          >
            {t('upload.queue.uploadAll')}
          </Button>
        </Group>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {state.items.map((item) => (
          <QueueItemCard
            key={item.id}
            item={item}
            store={store}
            storageChoices={storageChoices}
            bundled={bundled}
          />
        ))}
      </Stack>
    </Stack>
  );
}
