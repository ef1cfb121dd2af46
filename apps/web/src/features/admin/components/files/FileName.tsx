import { Group, Stack, Text } from '@mantine/core';
import { FileTypeIcon } from '@/components/FileTypeIcon';
import { fileKindOf } from './file-kind';

interface FileNameProps {
  filename: string;
  mimetype: string;
  /** Shown small under the name (the table has no remark column of its own). */
  remark?: string | null;
}

/** The file's name after an icon for its type; long names are cut, the full one on hover. */
export function FileName({ filename, mimetype, remark }: FileNameProps) {
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <FileTypeIcon kind={fileKindOf(filename, mimetype)} size="sm" />
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
