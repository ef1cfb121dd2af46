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
} from '@tabler/icons-react';
import { codeLanguageOf, previewKindOf } from '@/components/preview/preview-kind';

/** An icon telling mounts, folders and the common kinds of file apart at a glance. */
export function EntryIcon({ entry, size = 20 }: { entry: FsEntry; size?: number }) {
  if (entry.isMount) {
    return <IconServer2 size={size} color="var(--mantine-color-blue-filled)" aria-hidden />;
  }
  if (entry.isDirectory) {
    return <IconFolderFilled size={size} color="var(--mantine-color-yellow-filled)" aria-hidden />;
  }
  const props = { size, 'aria-hidden': true, stroke: 1.6 } as const;
  switch (previewKindOf(entry.name, entry.mimetype ?? '')) {
    case 'image':
      return <IconPhoto {...props} color="var(--mantine-color-teal-filled)" />;
    case 'video':
      return <IconMovie {...props} color="var(--mantine-color-grape-filled)" />;
    case 'audio':
      return <IconMusic {...props} color="var(--mantine-color-pink-filled)" />;
    case 'pdf':
      return <IconFileTypePdf {...props} color="var(--mantine-color-red-filled)" />;
    case 'markdown':
      return <IconMarkdown {...props} color="var(--mantine-color-indigo-filled)" />;
    case 'text':
      return codeLanguageOf(entry.name, entry.mimetype ?? '') ? (
        <IconFileCode {...props} color="var(--mantine-color-cyan-filled)" />
      ) : (
        <IconFileText {...props} color="var(--mantine-color-gray-filled)" />
      );
    case 'none':
      return <IconFile {...props} color="var(--mantine-color-gray-filled)" />;
  }
}
