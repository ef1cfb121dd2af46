import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '@/components/FileTypeIcon';
import { fileKindOf } from './file-kind';

interface FileNameProps {
  filename: string;
  mimetype: string;
  /** Shown small under the name (the table has no remark column of its own). */
  remark?: string | null;
  /** End-to-end encrypted (issue 35): the name is a placeholder, the real one sealed. */
  encrypted?: boolean | undefined;
}

/** The file's name after an icon for its type; long names are cut, the full one on hover. */
export function FileName({ filename, mimetype, remark, encrypted }: FileNameProps) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <FileTypeIcon kind={fileKindOf(filename, mimetype)} size="sm" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate title={`${filename} · ${mimetype}`}>
          {filename}
        </Text>
        {encrypted && (
          <Badge
            size="xs"
            variant="light"
            color="grape"
            leftSection={<IconLock size={10} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('file.encrypted.badge')}
          </Badge>
        )}
        {remark && (
          <Text size="xs" c="dimmed" truncate title={remark}>
            {remark}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
