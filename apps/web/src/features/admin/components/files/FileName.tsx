import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconMovie,
  IconMusic,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';
import { fileKindOf, type FileKind } from './file-kind';

const KIND_ICONS: Record<FileKind, { icon: Icon; color: string }> = {
  image: { icon: IconPhoto, color: 'teal' },
  video: { icon: IconMovie, color: 'grape' },
  audio: { icon: IconMusic, color: 'pink' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  text: { icon: IconFileText, color: 'blue' },
  archive: { icon: IconFileZip, color: 'orange' },
  other: { icon: IconFile, color: 'gray' },
};

interface FileNameProps {
  filename: string;
  mimetype: string;
  /** Shown small under the name (the table has no remark column of its own). */
  remark?: string | null;
}

/** The file's name after an icon for its type; long names are cut, the full one on hover. */
export function FileName({ filename, mimetype, remark }: FileNameProps) {
  const { icon: KindIcon, color } = KIND_ICONS[fileKindOf(filename, mimetype)];
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" color={color} size={28} radius="md" aria-hidden>
        <KindIcon size={16} stroke={1.7} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate title={`${filename} · ${mimetype}`}>
          {filename}
        </Text>
        {remark && (
          <Text size="xs" c="dimmed" truncate title={remark}>
            {remark}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
