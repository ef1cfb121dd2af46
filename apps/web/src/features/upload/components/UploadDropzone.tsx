import '@mantine/dropzone/styles.layer.css';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { useTouchLayout } from '@/features/upload/hooks/use-touch-layout';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export interface UploadDropzoneProps {
  onFiles: (files: File[]) => void;
  maxBytes: number;
  disabled?: boolean;
}

/**
 * Drop files here, or click (Enter/Space) to choose several. Sizes are checked by the page
 * so an oversized file gets a message that names it, not a silent refusal.
 */
export function UploadDropzone({ onFiles, maxBytes, disabled }: UploadDropzoneProps) {
  const { t } = useTranslation();
  const touch = useTouchLayout();
  const title = touch ? t('upload.dropzone.titleTouch') : t('upload.dropzone.title');
  const hint = touch
    ? t('upload.dropzone.hintTouch')
    : t('upload.dropzone.hint', { shortcut: isMac ? '⌘V' : 'Ctrl+V' });
  return (
    <Dropzone
      onDrop={onFiles}
      multiple
      disabled={disabled}
      radius="md"
      aria-label={title}
      // The hidden file input is focusable by assistive tech: it needs its own name.
      inputProps={{ 'aria-label': title }}
      styles={{ root: { borderWidth: 2 } }}
    >
      <Group justify="center" gap="lg" mih={150} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconDownload size={30} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Idle>
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconCloudUpload size={30} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Stack gap={4} maw={480}>
          <Dropzone.Accept>
            <Text size="lg" fw={600}>
              {t('upload.dropzone.drop')}
            </Text>
          </Dropzone.Accept>
          <Dropzone.Idle>
            <Text size="lg" fw={600}>
              {title}
            </Text>
          </Dropzone.Idle>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
          <Text size="xs" c="dimmed">
            {t('upload.dropzone.limit', { size: formatBytes(maxBytes) })}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
