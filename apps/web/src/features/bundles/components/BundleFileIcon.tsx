import { FileTypeIcon } from '@/components/FileTypeIcon';
import { previewKindOf } from '@/components/preview/preview-kind';

/** An icon for a member file's type (image, video, audio, PDF, text…). */
export function BundleFileIcon({ filename, mimetype }: { filename: string; mimetype: string }) {
  return <FileTypeIcon kind={previewKindOf(filename, mimetype)} />;
}

/** Whether a member file is drawn in the gallery (an image the browser shows). */
export function isGalleryImage(file: { filename: string; mimetype: string }): boolean {
  return previewKindOf(file.filename, file.mimetype) === 'image';
}
