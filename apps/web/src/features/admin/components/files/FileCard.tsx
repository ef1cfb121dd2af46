import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { DateText } from '../DateText';
import { FileActions, type FileActionHandlers } from './FileActions';
import { FileExpiry } from './FileExpiry';
import { FileName } from './FileName';
import { FileSlug } from './FileSlug';
import { viewsText } from './file-kind';
import { useStorageName } from './use-storage-name';

interface FileCardProps extends FileActionHandlers {
  file: FileShare;
  selected: boolean;
  onToggle: () => void;
}

/** One file share on a phone: the table's columns stacked so nothing scrolls out of reach. */
export function FileCard({ file, selected, onToggle, ...actions }: FileCardProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(file.created_by);
  const storage = useStorageName(file.s3_config_id, file.provider_type);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Checkbox
            aria-label={t('files.selectRow', { name: file.filename })}
            checked={selected}
            onChange={onToggle}
          />
          <FileName filename={file.filename} mimetype={file.mimetype} />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <FileSlug
            slug={file.slug}
            hasPassword={file.has_password}
            pending={file.status === 'pending'}
          />
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatBytes(file.size)} · {storage}
          </Text>
        </Group>
        {file.remark && (
          <Text size="sm" lineClamp={2}>
            {file.remark}
          </Text>
        )}
        <Group gap="xs" c="dimmed">
          <FileExpiry file={file} />
          <Text size="sm">·</Text>
          <Text size="sm">
            {t('files.columns.views')} {viewsText(file)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <DateText iso={file.created_at} />
            <Text size="xs" c="dimmed" truncate>
              {creator}
            </Text>
          </Stack>
          <FileActions file={file} {...actions} />
        </Group>
      </Stack>
    </Paper>
  );
}
