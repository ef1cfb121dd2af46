import { Checkbox, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import type { EntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import { isRangeClick, type Selection } from '@/features/mount-explorer/hooks/use-selection';
import type { SortField, SortState } from '@/features/mount-explorer/lib/entries';
import { formatModified } from '@/features/mount-explorer/lib/format';
import { EntryIcon } from './EntryIcon';
import { EntryLink } from './EntryLink';
import { EntryMenu } from './EntryMenu';
import classes from './Explorer.module.css';
import { useKindLabel } from '@/features/mount-explorer/hooks/use-kind-label';
import { MUTED_TEXT } from '@/lib/entry-colors';

export interface ListingProps {
  entries: FsEntry[];
  folder: string;
  selection: Selection;
  actions: EntryActions;
}

interface TableProps extends ListingProps {
  sort: SortState;
  onSort: (sort: SortState) => void;
}

/** A column header that sorts by its field; a second click turns the direction round. */
function SortHeader(props: {
  field: SortField;
  label: string;
  sort: SortState;
  onSort: TableProps['onSort'];
}) {
  const { field, label, sort, onSort } = props;
  const active = sort.field === field;
  const next = active && sort.direction === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        className={classes.sortButton}
        fw={600}
        fz="sm"
        onClick={() => onSort({ field, direction: next })}
      >
        {label}
        {active &&
          (sort.direction === 'asc' ? (
            <IconChevronUp size={14} aria-hidden />
          ) : (
            <IconChevronDown size={14} aria-hidden />
          ))}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The folder as a table: name, size, modified, type; sortable headers, a checkbox per row. */
export function EntryTable({ entries, folder, selection, actions, sort, onSort }: TableProps) {
  const { t, i18n } = useTranslation();
  const kindLabel = useKindLabel();
  return (
    <div className={classes.listFrame}>
      <Table highlightOnHover verticalSpacing={6} aria-label={t('explorer.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('explorer.select.all')}
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                onChange={(event) => selection.setAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <SortHeader
              field="name"
              label={t('explorer.columns.name')}
              sort={sort}
              onSort={onSort}
            />
            <SortHeader
              field="size"
              label={t('explorer.columns.size')}
              sort={sort}
              onSort={onSort}
            />
            <SortHeader
              field="modified"
              label={t('explorer.columns.modified')}
              sort={sort}
              onSort={onSort}
            />
            <Table.Th fw={600} fz="sm">
              {t('explorer.columns.type')}
            </Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const selected = selection.isSelected(entry.path);
            return (
              <Table.Tr
                key={entry.path}
                className={classes.row}
                data-selected={selected || undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={t('explorer.select.one', { name: entry.name })}
                    checked={selected}
                    onChange={(event) => selection.toggle(entry.path, isRangeClick(event))}
                  />
                </Table.Td>
                <Table.Td className={classes.nameCell}>
                  <Group gap="sm" wrap="nowrap">
                    <EntryIcon entry={entry} />
                    <EntryLink entry={entry} folder={folder} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {entry.isDirectory ? '—' : formatBytes(entry.size)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" c={MUTED_TEXT} span>
                    {formatModified(entry.modified, i18n.language) || '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" c={MUTED_TEXT} span title={entry.mimetype ?? undefined}>
                    {kindLabel(entry)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <EntryMenu entry={entry} actions={actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
