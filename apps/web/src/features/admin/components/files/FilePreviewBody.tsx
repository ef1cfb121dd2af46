import {
  Alert,
  Center,
  Code,
  Image,
  Loader,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import {
  TEXT_PREVIEW_BYTES,
  useFilePreviewText,
  visitLinkUrl,
} from '@/features/admin/api/get-file-preview-text';
import { canPreviewInline, fileKindOf } from './file-kind';

/**
 * The file itself, by type: image, player, PDF frame or the start of a text file. It uses the
 * management link, which counts no view; other types (and pending uploads) say why not.
 */
export function FilePreviewBody({ file }: { file: FileShare }) {
  const { t } = useTranslation();
  const kind = fileKindOf(file.filename, file.mimetype);
  const link = file.previewUrl ? visitLinkUrl(file.previewUrl) : null;
  if (!link || !canPreviewInline(kind, file.mimetype)) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
          <IconEyeOff size={24} stroke={1.5} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" ta="center">
          {file.status === 'pending' ? t('files.previewPending') : t('files.previewUnavailable')}
        </Text>
      </Stack>
    );
  }
  switch (kind) {
    case 'image':
      return (
        <Center>
          <Image src={link} alt={file.filename} mah="60vh" w="auto" fit="contain" radius="sm" />
        </Center>
      );
    case 'video':
      return (
        <video
          src={link}
          controls
          preload="metadata"
          style={{ width: '100%', maxHeight: '60vh' }}
        />
      );
    case 'audio':
      return <audio src={link} controls preload="metadata" style={{ width: '100%' }} />;
    case 'pdf':
      return (
        <iframe
          src={link}
          title={file.filename}
          style={{ width: '100%', height: '60vh', border: 0, borderRadius: 4 }}
        />
      );
    case 'text':
    case 'archive':
    case 'other':
      return <TextPreview file={file} />;
  }
}

function TextPreview({ file }: { file: FileShare }) {
  const { t } = useTranslation();
  const text = useFilePreviewText(file.id, file.previewUrl);
  if (text.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (text.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(t, text.error)}
      </Alert>
    );
  }
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah="50vh" type="auto">
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text.data}
        </Code>
      </ScrollArea.Autosize>
      {file.size > TEXT_PREVIEW_BYTES && (
        <Text size="xs" c="dimmed">
          {t('files.previewTruncated')}
        </Text>
      )}
    </Stack>
  );
}
