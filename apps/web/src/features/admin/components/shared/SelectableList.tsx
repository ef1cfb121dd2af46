import { Checkbox, Stack, Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';

/** How one item is drawn: as a table row or a phone card, with its selection checkbox. */
export interface ItemView<T> {
  item: T;
  selected: boolean;
  onToggle: () => void;
}

interface SelectableListProps<T extends { id: string }> {
  items: T[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  /** The select-all checkbox's name (and its label on phones). */
  selectAllLabel: string;
  /** The header cells after the select-all column. */
  headers: ReactNode;
  minWidth: number;
  headStyle?: CSSProperties;
  renderRow: (view: ItemView<T>) => ReactNode;
  renderCard: (view: ItemView<T>) => ReactNode;
}

/**
 * Shares with row checkboxes for batch actions: a table on wide screens, a stack of cards
 * on phones so nothing scrolls out of reach. Texts and files both list through it.
 */
export function SelectableList<T extends { id: string }>(props: SelectableListProps<T>) {
  const { items, selected, onSelectedChange } = props;
  const isPhone = useIsPhone();
  const allSelected = items.length > 0 && items.every((item) => selected.includes(item.id));
  const someSelected = selected.length > 0 && !allSelected;
  const view = (item: T): ItemView<T> => ({
    item,
    selected: selected.includes(item.id),
    onToggle: () =>
      onSelectedChange(
        selected.includes(item.id)
          ? selected.filter((other) => other !== item.id)
          : [...selected, item.id],
      ),
  });

  const selectAll = (
    <Checkbox
      aria-label={props.selectAllLabel}
      label={isPhone ? props.selectAllLabel : undefined}
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
        {items.map((item) => props.renderCard(view(item)))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={props.minWidth} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead style={props.headStyle}>
          <Table.Tr>
            <Table.Th w={40}>{selectAll}</Table.Th>
            {props.headers}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{items.map((item) => props.renderRow(view(item)))}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
