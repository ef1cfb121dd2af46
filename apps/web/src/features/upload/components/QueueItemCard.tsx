import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { isUploadError } from '@/lib/uploader/errors';
import { formatBytes } from '@/lib/uploader/format';
import type { QueueItem } from '@/lib/uploader/queue';
import type { UploadQueueStore } from '@/lib/uploader/queue-store';
import { fileFingerprint, resumeStore } from '@/lib/uploader/resume-store';
import { uploadErrorMessage } from '@/lib/uploader/upload-error-message';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { FileOptionsFields, uploadOptionsValid } from './FileOptionsFields';
import { QueueItemActions } from './QueueItemActions';
import { QueueItemProgress } from './QueueItemProgress';
import { QueueItemThumbnail } from './QueueItemThumbnail';
import { UploadedLinks } from './UploadedLinks';

const SLUG_ERRORS = new Set(['SLUG_TAKEN', 'SLUG_INVALID', 'SLUG_RESERVED']);

const STATUS_COLORS = {
  pending: 'gray',
  queued: 'gray',
  uploading: 'blue',
  success: 'teal',
  error: 'red',
  cancelled: 'gray',
} as const;

type StatusKey = keyof typeof STATUS_COLORS;

/** The badge of a file: its SPEC §4 state, with "waiting" and "cancelled" told apart. */
function statusKeyOf(item: QueueItem): StatusKey {
  if (item.status === 'pending' && item.queued) {
    return 'queued';
  }
  if (item.status === 'error' && isUploadError(item.error, 'cancelled')) {
    return 'cancelled';
  }
  return item.status;
}

export interface QueueItemCardProps {
  item: QueueItem;
  store: UploadQueueStore;
  storageChoices: StorageChoice[] | null;
  /** Part of a bundle (issue 33): no options or link of its own, the bundle has them. */
  bundled?: boolean;
}

/** One file of the queue: its options, its progress, its link or its error. */
export function QueueItemCard({
  item,
  store,
  storageChoices,
  bundled = false,
}: QueueItemCardProps) {
  const { t } = useTranslation();
  const name = item.file.name;
  const slugRefused =
    item.error instanceof AppError && item.error.key !== null && SLUG_ERRORS.has(item.error.key);
  // The refusal stands only for the slug it was about; the field shows it, not a second line.
  const slugError =
    slugRefused && item.failedOptions?.slug === item.options.slug
      ? uploadErrorMessage(t, item.error)
      : null;
  const [optionsOpen, options] = useDisclosure(false);
  const editable =
    !bundled && ((item.status === 'pending' && !item.queued) || item.status === 'error');
  const statusKey = statusKeyOf(item);
  const resumable =
    item.status === 'pending' && resumeStore.get(fileFingerprint(item.file)) !== null;
  const valid = uploadOptionsValid(item.options);

  return (
    <Paper withBorder radius="md" p="sm" aria-label={name} component="li">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
            <QueueItemThumbnail file={item.file} color={STATUS_COLORS[statusKey]} />
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
            <QueueItemActions
              item={item}
              store={store}
              editable={editable}
              valid={valid}
              optionsOpen={optionsOpen}
              onToggleOptions={options.toggle}
            />
          </Group>
        </Group>
        {item.status === 'uploading' && <QueueItemProgress item={item} />}
        {item.status === 'success' && item.result && !bundled && (
          <UploadedLinks
            slug={item.result.slug}
            filename={name}
            fragment={item.result.linkFragment}
          />
        )}
        {item.status === 'error' && !slugRefused && (
          <Text size="sm" c={statusKey === 'cancelled' ? 'dimmed' : 'red'} role="alert">
            {uploadErrorMessage(t, item.error)}
          </Text>
        )}
        {/* Rendered only when open: a long queue keeps no hidden inputs around. */}
        {editable && (optionsOpen || slugRefused) && (
          <FileOptionsFields
            value={item.options}
            onChange={(patch) => store.setOptions(item.id, patch)}
            storageChoices={storageChoices}
            slugError={slugError}
          />
        )}
      </Stack>
    </Paper>
  );
}
