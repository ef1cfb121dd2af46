import { Anchor, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PublicFile } from '@pastebox/contract/schemas/file';
import { IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resolveServerUrl } from '@/lib/uploader/server-url';
import { previewKindOf } from '@/features/files/lib/preview-kind';
import classes from './FilePreview.module.css';
import { TextFilePreview } from './TextFilePreview';

function NoPreview({ downloadUrl }: { downloadUrl: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileOff size={28} />
        </ThemeIcon>
        <Text fw={500}>{t('file.preview.none')}</Text>
        <Text size="sm" c="dimmed">
          {t('file.preview.noneHint')}{' '}
          <Anchor href={downloadUrl} size="sm">
            {t('file.actions.download')}
          </Anchor>
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The file shown by its type (issue 3 "Web"): images, video, audio (Range requests let the
 * player seek), PDF, Markdown and code; others get a note and the download link. Every
 * request goes to the previewUrl of this visit, which spends no further view.
 */
export function FilePreview({
  file,
}: {
  file: PublicFile & { previewUrl: string; downloadUrl: string };
}) {
  const { t } = useTranslation();
  const src = resolveServerUrl(file.previewUrl);
  const downloadUrl = resolveServerUrl(file.downloadUrl);
  const kind = previewKindOf(file.filename, file.mimetype);
  const name = file.filename;

  switch (kind) {
    case 'image':
      return (
        <div className={classes.imageFrame}>
          <img src={src} alt={t('file.preview.image', { name })} className={classes.image} />
        </div>
      );
    case 'video':
      return (
        <video src={src} controls preload="metadata" aria-label={name} className={classes.video} />
      );
    case 'audio':
      return (
        <audio src={src} controls preload="metadata" aria-label={name} style={{ width: '100%' }} />
      );
    case 'pdf':
      // A frame, not <object> (the app's CSP has object-src 'none'); no sandbox attribute,
      // which would stop the browser's PDF viewer — the bytes are served as PDF with nosniff.
      return <iframe src={src} title={t('file.preview.pdf', { name })} className={classes.frame} />;
    case 'markdown':
    case 'text':
      return (
        <TextFilePreview
          previewUrl={file.previewUrl}
          filename={name}
          mimetype={file.mimetype}
          size={file.size}
          markdown={kind === 'markdown'}
        />
      );
    case 'none':
      return <NoPreview downloadUrl={downloadUrl} />;
  }
}
