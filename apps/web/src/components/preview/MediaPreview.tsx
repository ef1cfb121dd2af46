import { useTranslation } from 'react-i18next';
import classes from './MediaPreview.module.css';

export type MediaKind = 'image' | 'video' | 'audio' | 'pdf';

export interface MediaPreviewProps {
  kind: MediaKind;
  /** A URL the browser may load without credentials (a visit link, a signed link, a blob:). */
  src: string;
  name: string;
}

/**
 * An image, a player or a PDF frame for a file the browser can show itself. Players ask for
 * metadata only; their Range requests let them seek without downloading the whole file.
 */
export function MediaPreview({ kind, src, name }: MediaPreviewProps) {
  const { t } = useTranslation();
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
  }
}
