import { ThemeIcon } from '@mantine/core';
import {
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconMarkdown,
  IconMovie,
  IconMusic,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';
import { previewKindOf, type PreviewKind } from '@/components/preview/preview-kind';

const KIND_ICONS: Record<PreviewKind, { icon: Icon; color: string }> = {
  image: { icon: IconPhoto, color: 'teal' },
  video: { icon: IconMovie, color: 'grape' },
  audio: { icon: IconMusic, color: 'pink' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  markdown: { icon: IconMarkdown, color: 'blue' },
  text: { icon: IconFileText, color: 'blue' },
  none: { icon: IconFile, color: 'gray' },
};

/** An icon for a member file's type (image, video, audio, PDF, text…). */
export function BundleFileIcon({ filename, mimetype }: { filename: string; mimetype: string }) {
  const { icon: KindIcon, color } = KIND_ICONS[previewKindOf(filename, mimetype)];
  return (
    <ThemeIcon variant="light" color={color} size={32} radius="md" aria-hidden>
      <KindIcon size={18} stroke={1.7} />
    </ThemeIcon>
  );
}

/** Whether a member file is drawn in the gallery (an image the browser shows). */
export function isGalleryImage(file: { filename: string; mimetype: string }): boolean {
  return previewKindOf(file.filename, file.mimetype) === 'image';
}
