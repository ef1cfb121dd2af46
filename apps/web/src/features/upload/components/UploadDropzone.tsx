import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DropArea } from '@/components/upload/DropArea';
import { formatBytes } from '@/lib/uploader/format';
import { useTouchLayout } from '@/lib/use-touch-layout';

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
    <DropArea
      onFiles={onFiles}
      disabled={disabled}
      title={title}
      dropTitle={t('upload.dropzone.drop')}
      size="lg"
    >
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <Text size="xs" c="dimmed">
        {t('upload.dropzone.limit', { size: formatBytes(maxBytes) })}
      </Text>
    </DropArea>
  );
}
