import { ThemeIcon } from '@mantine/core';
import {
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconMarkdown,
  IconMovie,
  IconMusic,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';

/**
 * The kinds a file's icon tells apart: the file page's preview kinds (`preview-kind.ts`)
 * and the admin list's type filter (`archive`, `other`) both name one of these.
 */
export type FileIconKind =
  'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'text' | 'archive' | 'other' | 'none';

const KIND_ICONS: Record<FileIconKind, { icon: Icon; color: string }> = {
  image: { icon: IconPhoto, color: 'teal' },
  video: { icon: IconMovie, color: 'grape' },
  audio: { icon: IconMusic, color: 'pink' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  markdown: { icon: IconMarkdown, color: 'blue' },
  text: { icon: IconFileText, color: 'blue' },
  archive: { icon: IconFileZip, color: 'orange' },
  other: { icon: IconFile, color: 'gray' },
  none: { icon: IconFile, color: 'gray' },
};

const SIZES = { sm: { box: 28, glyph: 16 }, md: { box: 32, glyph: 18 } } as const;

/** An icon for a file's type, in the colour of its kind; decorative (the name says it). */
export function FileTypeIcon({ kind, size = 'md' }: { kind: FileIconKind; size?: 'sm' | 'md' }) {
  const { icon: KindIcon, color } = KIND_ICONS[kind];
  const { box, glyph } = SIZES[size];
  return (
    <ThemeIcon variant="light" color={color} size={box} radius="md" aria-hidden>
      <KindIcon size={glyph} stroke={1.7} />
    </ThemeIcon>
  );
}
