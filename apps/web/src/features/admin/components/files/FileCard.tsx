import { Group, Text } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import {
  CardFooter,
  CardUsage,
  RowCheckbox,
  SelectableCard,
} from '@/features/admin/components/shared/ItemFrames';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { formatBytes } from '@/lib/uploader/format';
import { FileActions, type FileActionHandlers } from './FileActions';
import { FileExpiry } from './FileExpiry';
import { FileName } from './FileName';
import { FileSlug } from './FileSlug';
import { PrivateMark } from './PrivateMark';
import { viewsText } from './file-kind';
import { useStorageName } from './use-storage-name';

interface FileCardProps extends FileActionHandlers {
  file: FileShare;
  selected: boolean;
  onToggle: () => void;
}

/** One file share on a phone: the table's columns stacked so nothing scrolls out of reach. */
export function FileCard({ file, selected, onToggle, onShare, ...actions }: FileCardProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(file.created_by);
  const storage = useStorageName(file.s3_config_id, file.provider_type);
  return (
    <SelectableCard selected={selected}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <RowCheckbox
          selected={selected}
          onToggle={onToggle}
          checkboxLabel={t('files.selectRow', { name: file.filename })}
        />
        <FileName filename={file.filename} mimetype={file.mimetype} encrypted={file.encrypted} />
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
      {file.private && <PrivateMark file={file} onShare={onShare} />}
      {file.remark && (
        <Text size="sm" lineClamp={2}>
          {file.remark}
        </Text>
      )}
      <CardUsage
        expiry={<FileExpiry file={file} />}
        views={`${t('files.columns.views')} ${viewsText(file)}`}
      />
      <CardFooter
        createdAt={file.created_at}
        creator={creator}
        actions={<FileActions file={file} {...actions} />}
      />
    </SelectableCard>
  );
}
