import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconAdjustments, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QueueItem } from '@/lib/uploader/queue';
import type { UploadQueueStore } from '@/lib/uploader/queue-store';

export interface QueueItemActionsProps {
  item: QueueItem;
  store: UploadQueueStore;
  /** The options can be edited (pending, or failed). */
  editable: boolean;
  /** The options are valid, so the file may start. */
  valid: boolean;
  optionsOpen: boolean;
  onToggleOptions: () => void;
}

/**
 * What can be done with a file in its state: options and upload while pending, cancel
 * while waiting or uploading, retry after a failure, remove when nothing runs. Every button
 * names its file, so a screen reader (or a test) can tell five "Retry" buttons apart.
 */
export function QueueItemActions(props: QueueItemActionsProps) {
  const { item, store, editable, valid, optionsOpen, onToggleOptions } = props;
  const { t } = useTranslation();
  const name = item.file.name;
  const idle = item.status !== 'uploading' && !item.queued;
  return (
    <>
      {editable && (
        <Tooltip label={t('upload.queue.options', { name })}>
          <ActionIcon
            variant={optionsOpen ? 'light' : 'subtle'}
            color="gray"
            onClick={onToggleOptions}
            aria-label={t('upload.queue.options', { name })}
            aria-expanded={optionsOpen}
          >
            <IconAdjustments size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {item.status === 'pending' && !item.queued && (
        <Button
          size="compact-sm"
          leftSection={<IconPlayerPlay size={14} />}
          onClick={() => store.start([item.id])}
          disabled={!valid}
          aria-label={t('upload.queue.startFile', { name })}
        >
          {t('upload.queue.start')}
        </Button>
      )}
      {item.status === 'error' && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => store.retry(item.id)}
          disabled={!valid}
          aria-label={t('upload.queue.retryFile', { name })}
        >
          {t('upload.queue.retry')}
        </Button>
      )}
      {!idle && (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => store.cancel(item.id)}
          aria-label={t('upload.queue.cancelFile', { name })}
        >
          {t('upload.queue.cancel')}
        </Button>
      )}
      {idle && (
        <Tooltip label={t('upload.queue.remove', { name })}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => store.remove(item.id)}
            aria-label={t('upload.queue.remove', { name })}
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}
