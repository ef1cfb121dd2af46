import { Checkbox, Stack, Table } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
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
  const isPhone = useIsPhone();
  const allSelected = items.length > 0 && items.every((item) => selected.includes(item.id));
  const someSelected = selected.length > 0 && !allSelected;
  const toggle = (id: string) =>
    onSelectedChange(
      selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id],
    );

  const selectAll = (
    <Checkbox
      aria-label={t('files.selectAll')}
      label={isPhone ? t('files.selectAll') : undefined}
      checked={allSelected}
      indeterminate={someSelected}
      onChange={() => onSelectedChange(allSelected ? [] : items.map((item) => item.id))}
    />
  );

  if (isPhone) {
    return (
      <Stack gap="xs">
        <Stack px="sm" py={4}>
          {selectAll}
        </Stack>
        {items.map((item) => (
          <FileCard
            key={item.id}
            file={item}
            selected={selected.includes(item.id)}
            onToggle={() => toggle(item.id)}
            {...rowActions}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={940} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th w={40}>{selectAll}</Table.Th>
            <Table.Th>{t('files.columns.fileRemark')}</Table.Th>
            <Table.Th>{t('files.columns.slug')}</Table.Th>
            <Table.Th>{t('files.columns.sizeStorage')}</Table.Th>
            <Table.Th>{t('files.columns.expiresAt')}</Table.Th>
            <Table.Th>{t('files.columns.views')}</Table.Th>
            <Table.Th>{t('files.columns.createdBy')}</Table.Th>
            <Table.Th ta="right" w={170}>
              {t('common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <FileRow
              key={item.id}
              file={item}
              selected={selected.includes(item.id)}
              onToggle={() => toggle(item.id)}
              {...rowActions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
