import { Button, Center, Loader, Text } from '@mantine/core';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { IconDownload } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import frameClasses from '@/components/preview/MediaPreview.module.css';
import { MediaPreview, type MediaKind } from '@/components/preview/MediaPreview';
import { NoPreview } from '@/components/preview/NoPreview';
import { previewKindOf } from '@/components/preview/preview-kind';
import { PreviewFailed, TextPreview, TextPreviewLoading } from '@/components/preview/TextPreview';
import { errorMessage } from '@/lib/error-message';
import { formatBytes } from '@/lib/uploader/format';
import { useFileBlob } from '@/features/mount-explorer/api/get-file-blob';
import { useViewLink } from '@/features/mount-explorer/api/get-file-link';
import { TEXT_PREVIEW_BYTES, usePreviewText } from '@/features/mount-explorer/api/get-file-text';
import type { EntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import { MUTED_TEXT } from '@/lib/entry-colors';

/** PDFs are fetched whole to be framed; beyond this, downloading is the better offer. */
const PDF_MAX_BYTES = 50 * 1024 * 1024;

function Preparing() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('explorer.preview.loading')} />
    </Center>
  );
}

/** Image, player: through a short-lived signed link, since <img> sends no credentials. */
function LinkedMedia({ entry, kind }: { entry: FsEntry; kind: Exclude<MediaKind, 'pdf'> }) {
  const { t } = useTranslation();
  const link = useViewLink(entry.path);
  if (link.isPending) {
    return <Preparing />;
  }
  if (link.isError) {
    return <PreviewFailed detail={errorMessage(t, link.error)} />;
  }
  return <MediaPreview kind={kind} src={link.data.url} name={entry.name} />;
}

/** A PDF framed from a blob: URL, revoked when the frame goes (React 19 ref cleanup). */
function PdfPreview({ entry }: { entry: FsEntry }) {
  const { t } = useTranslation();
  const blob = useFileBlob(entry.path, 'application/pdf', true);
  const data = blob.data;
  const attach = useCallback(
    (frame: HTMLIFrameElement | null) => {
      if (!frame || !data) {
        return;
      }
      const url = URL.createObjectURL(data);
      frame.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [data],
  );
  if (blob.isPending) {
    return <Preparing />;
  }
  if (blob.isError) {
    return <PreviewFailed detail={errorMessage(t, blob.error)} />;
  }
  return (
    <iframe
      ref={attach}
      title={t('file.preview.pdf', { name: entry.name })}
      className={frameClasses.frame}
    />
  );
}

function TextFile({ entry, markdown }: { entry: FsEntry; markdown: boolean }) {
  const { t } = useTranslation();
  const text = usePreviewText(entry.path);
  if (text.isPending) {
    return <TextPreviewLoading />;
  }
  if (text.isError) {
    return <PreviewFailed detail={errorMessage(t, text.error)} />;
  }
  return (
    <TextPreview
      text={text.data.text}
      filename={entry.name}
      mimetype={entry.mimetype ?? ''}
      markdown={markdown}
      truncatedAt={text.data.truncated ? TEXT_PREVIEW_BYTES : null}
    />
  );
}

/** One file shown by its kind (issue 9: image, video, audio, PDF, text/code, Markdown). */
export function PreviewBody({ entry, actions }: { entry: FsEntry; actions: EntryActions }) {
  const { t } = useTranslation();
  const kind = previewKindOf(entry.name, entry.mimetype ?? '');
  const download = (
    <Button leftSection={<IconDownload size={16} />} onClick={() => actions.download(entry)}>
      {t('explorer.actions.download')}
    </Button>
  );
  switch (kind) {
    case 'image':
    case 'video':
    case 'audio':
      return <LinkedMedia key={entry.path} entry={entry} kind={kind} />;
    case 'pdf':
      if (entry.size > PDF_MAX_BYTES) {
        return (
          <Center py="xl" style={{ flexDirection: 'column', gap: 12 }}>
            <Text size="sm" c={MUTED_TEXT} ta="center">
              {t('explorer.preview.pdfTooLarge', { size: formatBytes(entry.size) })}
            </Text>
            {download}
          </Center>
        );
      }
      return <PdfPreview key={entry.path} entry={entry} />;
    case 'markdown':
    case 'text':
      return <TextFile key={entry.path} entry={entry} markdown={kind === 'markdown'} />;
    case 'none':
      return <NoPreview download={download} />;
  }
}
