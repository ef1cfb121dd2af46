import { Checkbox, Stack, Table } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { PasteCard } from './PasteCard';
import { PasteRow } from './PasteRow';

interface PastesTableProps {
  items: PasteListItem[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  onView: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (paste: PasteListItem) => void;
}

/** One page of shares with row checkboxes for batch delete: a table, or cards on phones. */
export function PastesTable({
  items,
  selected,
  onSelectedChange,
  ...rowActions
}: PastesTableProps) {
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
      aria-label={t('texts.selectAll')}
      label={isPhone ? t('texts.selectAll') : undefined}
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
          <PasteCard
            key={item.id}
            paste={item}
            selected={selected.includes(item.id)}
            onToggle={() => toggle(item.id)}
            {...rowActions}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>{selectAll}</Table.Th>
            <Table.Th>{t('texts.columns.slug')}</Table.Th>
            <Table.Th>{t('texts.columns.remark')}</Table.Th>
            <Table.Th>{t('texts.columns.format')}</Table.Th>
            <Table.Th>{t('texts.columns.expiresAt')}</Table.Th>
            <Table.Th>{t('texts.columns.views')}</Table.Th>
            <Table.Th>{t('texts.columns.createdAt')}</Table.Th>
            <Table.Th>{t('texts.columns.creator')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <PasteRow
              key={item.id}
              paste={item}
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
