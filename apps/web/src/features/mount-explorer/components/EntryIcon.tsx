import type { FsEntry } from '@pastebox/contract/schemas/fs';
import {
  IconFile,
  IconFileCode,
  IconFileText,
  IconFileTypePdf,
  IconFolderFilled,
  IconMarkdown,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconServer2,
  type TablerIcon,
} from '@tabler/icons-react';
import { codeLanguageOf, previewKindOf } from '@/components/preview/preview-kind';
import { entryIconColor, type EntryIconKind } from '@/lib/entry-colors';

const ICONS: Record<EntryIconKind, TablerIcon> = {
  mount: IconServer2,
  folder: IconFolderFilled,
  image: IconPhoto,
  video: IconMovie,
  audio: IconMusic,
  pdf: IconFileTypePdf,
  markdown: IconMarkdown,
  code: IconFileCode,
  text: IconFileText,
  file: IconFile,
};

/** Which icon an entry gets: mounts, folders, then the file's preview kind. */
export function entryIconKind(entry: FsEntry): EntryIconKind {
  if (entry.isMount) {
    return 'mount';
  }
  if (entry.isDirectory) {
    return 'folder';
  }
  const mimetype = entry.mimetype ?? '';
  const kind = previewKindOf(entry.name, mimetype);
  switch (kind) {
    case 'image':
    case 'video':
    case 'audio':
    case 'pdf':
    case 'markdown':
      return kind;
    case 'text':
      return codeLanguageOf(entry.name, mimetype) ? 'code' : 'text';
    case 'none':
      return 'file';
  }
}

/** An icon telling mounts, folders and the common kinds of file apart at a glance. */
export function EntryIcon({ entry, size = 20 }: { entry: FsEntry; size?: number }) {
  const kind = entryIconKind(entry);
  const KindIcon = ICONS[kind];
  // Drawn in currentColor, so the colour follows the scheme through CSS (light-dark).
  return (
    <KindIcon
      size={size}
      stroke={kind === 'mount' || kind === 'folder' ? 2 : 1.6}
      style={{ color: entryIconColor(kind), flexShrink: 0 }}
      data-icon-kind={kind}
      aria-hidden
    />
  );
}
