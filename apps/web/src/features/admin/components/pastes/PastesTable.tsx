import { Table } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import { SelectableList } from '@/features/admin/components/shared/SelectableList';
import type { PasteActionHandlers } from './PasteActions';
import { PasteCard } from './PasteCard';
import { PasteRow } from './PasteRow';

interface PastesTableProps extends PasteActionHandlers {
  items: PasteListItem[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
}

/** One page of shares with row checkboxes for batch delete: a table, or cards on phones. */
export function PastesTable({
  items,
  selected,
  onSelectedChange,
  ...rowActions
}: PastesTableProps) {
  const { t } = useTranslation();
  return (
    <SelectableList
      items={items}
      selected={selected}
      onSelectedChange={onSelectedChange}
      selectAllLabel={t('texts.selectAll')}
      minWidth={980}
      headers={
        <>
          <Table.Th>{t('texts.columns.slug')}</Table.Th>
          <Table.Th>{t('texts.columns.remark')}</Table.Th>
          <Table.Th>{t('texts.columns.format')}</Table.Th>
          <Table.Th>{t('texts.columns.expiresAt')}</Table.Th>
          <Table.Th>{t('texts.columns.views')}</Table.Th>
          <Table.Th>{t('texts.columns.createdAt')}</Table.Th>
          <Table.Th>{t('texts.columns.creator')}</Table.Th>
          <Table.Th ta="right">{t('common.actions')}</Table.Th>
        </>
      }
      renderRow={({ item, ...view }) => (
        <PasteRow key={item.id} paste={item} {...view} {...rowActions} />
      )}
      renderCard={({ item, ...view }) => (
        <PasteCard key={item.id} paste={item} {...view} {...rowActions} />
      )}
    />
  );
}
