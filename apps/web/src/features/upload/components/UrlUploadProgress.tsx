import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { uploadErrorMessage } from '@/lib/uploader/upload-error-message';
import type { UrlUploadState } from '@/features/upload/hooks/use-url-upload';
import { UploadedLinks } from './UploadedLinks';

export interface UrlUploadProgressProps {
  state: UrlUploadState;
  filename: string;
  onAnother: () => void;
}

/** Where a URL upload stands: the two-phase progress, its result, or why it failed. */
export function UrlUploadProgress({ state, filename, onAnother }: UrlUploadProgressProps) {
  const { t } = useTranslation();
  if (state.phase === 'downloading' || state.phase === 'uploading') {
    const label =
      state.phase === 'downloading'
        ? t('upload.url.downloading', { percent: state.percent })
        : t('upload.url.uploading', { percent: state.percent });
    return (
      <Stack gap={6}>
        <Progress.Root size="lg" aria-label={label}>
          <Progress.Section value={Math.min(state.percent, 49)} color="cyan" />
          <Progress.Section value={Math.max(0, state.percent - 49)} color="blue" />
        </Progress.Root>
        <Text size="sm" c="dimmed" aria-live="polite">
          {label}
          {state.phase === 'downloading' &&
            state.downloaded > 0 &&
            ` · ${formatBytes(state.downloaded)}`}
        </Text>
        {state.viaProxy && (
          <Text size="xs" c="dimmed">
            <IconInfoCircle size={12} style={{ verticalAlign: 'middle' }} />{' '}
            {t('upload.url.viaProxy')}
          </Text>
        )}
      </Stack>
    );
  }
  if (state.phase === 'done' && state.share) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        title={t('upload.url.doneTitle')}
        // Without min-width 0 the body grows to the link's length and pushes the buttons out.
        styles={{ body: { minWidth: 0 } }}
      >
        <Stack gap="xs">
          <UploadedLinks slug={state.share.slug} filename={filename} />
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={onAnother}
            >
              {t('upload.url.another')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (state.phase === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={t('upload.url.failedTitle')}
        role="alert"
      >
        {uploadErrorMessage(t, state.error)}
      </Alert>
    );
  }
  return null;
}
