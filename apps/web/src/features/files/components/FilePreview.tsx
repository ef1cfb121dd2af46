import type { PublicFile } from '@pastebox/contract/schemas/file';
import { MediaPreview } from '@/components/preview/MediaPreview';
import { NoPreview } from '@/components/preview/NoPreview';
import { previewKindOf } from '@/components/preview/preview-kind';
import { resolveServerUrl } from '@/lib/uploader/server-url';
import { TextFilePreview } from './TextFilePreview';

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
  const src = resolveServerUrl(file.previewUrl);
  const kind = previewKindOf(file.filename, file.mimetype);
  const name = file.filename;

  switch (kind) {
    case 'image':
    case 'video':
    case 'audio':
    case 'pdf':
      return <MediaPreview kind={kind} src={src} name={name} />;
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
      return <NoPreview downloadUrl={resolveServerUrl(file.downloadUrl)} />;
  }
}
