import { Box, Table, Text } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';
import { SelectableRow } from '@/features/admin/components/shared/ItemFrames';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { formatBytes } from '@/lib/uploader/format';
import { FileActions, type FileActionHandlers } from './FileActions';
import { FileExpiry } from './FileExpiry';
import { FileName } from './FileName';
import { FileSlug } from './FileSlug';
import { PrivateMark } from './PrivateMark';
import { viewsText } from './file-kind';
import { useStorageName } from './use-storage-name';

interface FileRowProps extends FileActionHandlers {
  file: FileShare;
  selected: boolean;
  onToggle: () => void;
}

/** One file share as a table row (wide screens). */
export function FileRow({ file, selected, onToggle, onShare, ...actions }: FileRowProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(file.created_by);
  const storage = useStorageName(file.s3_config_id, file.provider_type);
  return (
    <SelectableRow
      selected={selected}
      onToggle={onToggle}
      checkboxLabel={t('files.selectRow', { name: file.filename })}
    >
      <Table.Td maw={220}>
        <FileName
          filename={file.filename}
          mimetype={file.mimetype}
          remark={file.remark}
          encrypted={file.encrypted}
        />
      </Table.Td>
      <Table.Td maw={180}>
        <FileSlug
          slug={file.slug}
          hasPassword={file.has_password}
          pending={file.status === 'pending'}
        />
        {file.private && (
          <Box mt={4}>
            <PrivateMark file={file} onShare={onShare} />
          </Box>
        )}
      </Table.Td>
      <Table.Td maw={150}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(file.size)}
        </Text>
        <Text size="xs" c="dimmed" truncate title={storage}>
          {storage}
        </Text>
      </Table.Td>
      <Table.Td>
        <FileExpiry file={file} compact />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {viewsText(file)}
        </Text>
      </Table.Td>
      <Table.Td maw={160}>
        <DateText iso={file.created_at} />
        <Text size="xs" c="dimmed" truncate title={creator}>
          {creator}
        </Text>
      </Table.Td>
      <Table.Td>
        <FileActions file={file} {...actions} />
      </Table.Td>
    </SelectableRow>
  );
}
