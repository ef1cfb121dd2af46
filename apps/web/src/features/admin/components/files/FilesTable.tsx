import { Table } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { SelectableList } from '@/features/admin/components/shared/SelectableList';
import type { FileActionHandlers } from './FileActions';
import { FileCard } from './FileCard';
import { FileRow } from './FileRow';

interface FilesTableProps extends FileActionHandlers {
  items: FileShare[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
}

/** The loaded file shares with checkboxes for batch delete: a table, or cards on phones. */
export function FilesTable({ items, selected, onSelectedChange, ...rowActions }: FilesTableProps) {
  const { t } = useTranslation();
  return (
    <SelectableList
      items={items}
      selected={selected}
      onSelectedChange={onSelectedChange}
      selectAllLabel={t('files.selectAll')}
      minWidth={940}
      headStyle={{ whiteSpace: 'nowrap' }}
      headers={
        <>
          <Table.Th>{t('files.columns.fileRemark')}</Table.Th>
          <Table.Th>{t('files.columns.slug')}</Table.Th>
          <Table.Th>{t('files.columns.sizeStorage')}</Table.Th>
          <Table.Th>{t('files.columns.expiresAt')}</Table.Th>
          <Table.Th>{t('files.columns.views')}</Table.Th>
          <Table.Th>{t('files.columns.createdBy')}</Table.Th>
          <Table.Th ta="right" w={170}>
            {t('common.actions')}
          </Table.Th>
        </>
      }
      renderRow={({ item, ...view }) => (
        <FileRow key={item.id} file={item} {...view} {...rowActions} />
      )}
      renderCard={({ item, ...view }) => (
        <FileCard key={item.id} file={item} {...view} {...rowActions} />
      )}
    />
  );
}
