import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconFile, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/uploader/format';
import type { QueueItem } from '../../../lib/uploader/queue';
import type { UploadQueueStore } from '../../../lib/uploader/queue-store';
import { fileFingerprint, resumeStore } from '../../../lib/uploader/resume-store';
import { uploadErrorMessage } from '../../../lib/uploader/upload-error-message';
import type { StorageChoice } from '../api/get-storage-configs';
import { FileOptionsFields, uploadOptionsValid } from './FileOptionsFields';
import { QueueItemProgress } from './QueueItemProgress';
import { UploadedLinks } from './UploadedLinks';

const SLUG_ERRORS = new Set(['SLUG_TAKEN', 'SLUG_INVALID', 'SLUG_RESERVED']);

const STATUS_COLORS = {
  pending: 'gray',
  queued: 'gray',
  uploading: 'blue',
  success: 'teal',
  error: 'red',
} as const;

export interface QueueItemCardProps {
  item: QueueItem;
  store: UploadQueueStore;
  storageChoices: StorageChoice[] | null;
}

/** One file of the queue: its options, its progress, its link or its error. */
export function QueueItemCard({ item, store, storageChoices }: QueueItemCardProps) {
  const { t } = useTranslation();
  const name = item.file.name;
  const slugError =
    item.error instanceof ApiError && item.error.key && SLUG_ERRORS.has(item.error.key)
      ? uploadErrorMessage(t, item.error)
      : null;
  const [optionsOpen, options] = useDisclosure(false);
  const editable = (item.status === 'pending' && !item.queued) || item.status === 'error';
  const statusKey = item.status === 'pending' && item.queued ? 'queued' : item.status;
  const resumable =
    item.status === 'pending' && resumeStore.get(fileFingerprint(item.file)) !== null;
  const valid = uploadOptionsValid(item.options);

  return (
    <Paper withBorder radius="md" p="sm" aria-label={name} component="li">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
            <ThemeIcon variant="light" color={STATUS_COLORS[statusKey]} size={36} radius="md">
              <IconFile size={20} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={500} size="sm" truncate="end" title={name}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {[formatBytes(item.file.size), item.file.type].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          </Group>
          <Group gap={6} wrap="nowrap" ml="auto">
            {resumable && (
              <Badge variant="outline" color="blue" size="sm">
                {t('upload.queue.resumable')}
              </Badge>
            )}
            <Badge variant="light" color={STATUS_COLORS[statusKey]} size="sm">
              {t(`upload.queue.status.${statusKey}`)}
            </Badge>
            {editable && (
              <Tooltip label={t('upload.queue.options', { name })}>
                <ActionIcon
                  variant={optionsOpen ? 'light' : 'subtle'}
                  color="gray"
                  onClick={options.toggle}
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
            {(item.status === 'uploading' || item.queued) && (
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
            {item.status !== 'uploading' && !item.queued && (
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
          </Group>
        </Group>
        {item.status === 'uploading' && <QueueItemProgress item={item} />}
        {item.status === 'success' && item.result && (
          <UploadedLinks slug={item.result.slug} filename={name} />
        )}
        {item.status === 'error' && (
          <Text size="sm" c="red" role="alert">
            {uploadErrorMessage(t, item.error)}
          </Text>
        )}
        <Collapse in={editable && (optionsOpen || slugError !== null)}>
          <FileOptionsFields
            value={item.options}
            onChange={(patch) => store.setOptions(item.id, patch)}
            storageChoices={storageChoices}
            slugError={slugError}
          />
        </Collapse>
      </Stack>
    </Paper>
  );
}
