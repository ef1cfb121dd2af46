import { Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateText } from '@/features/admin/components/DateText';
import classes from './ItemFrames.module.css';

interface SelectableFrameProps {
  selected: boolean;
  onToggle: () => void;
  /** The row checkbox's name, e.g. "Select abc123". */
  checkboxLabel: string;
  children: ReactNode;
}

/** A table row led by its selection checkbox, tinted while selected. */
export function SelectableRow({
  selected,
  onToggle,
  checkboxLabel,
  children,
}: SelectableFrameProps) {
  return (
    <Table.Tr className={selected ? classes.selectedRow : undefined}>
      <Table.Td>
        <RowCheckbox selected={selected} onToggle={onToggle} checkboxLabel={checkboxLabel} />
      </Table.Td>
      {children}
    </Table.Tr>
  );
}

/** The checkbox of one row or card. */
export function RowCheckbox({
  selected,
  onToggle,
  checkboxLabel,
}: Omit<SelectableFrameProps, 'children'>) {
  return <Checkbox aria-label={checkboxLabel} checked={selected} onChange={onToggle} />;
}

/** A phone card, tinted while selected; the caller places the checkbox. */
export function SelectableCard({ selected, children }: { selected: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" className={selected ? classes.selectedCard : undefined}>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

/** A card's last line: when and by whom it was created, and its action buttons. */
export function CardFooter({
  createdAt,
  creator,
  actions,
}: {
  createdAt: string;
  creator: string;
  actions: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <DateText iso={createdAt} />
        <Text size="xs" c="dimmed" truncate>
          {creator}
        </Text>
      </Stack>
      {actions}
    </Group>
  );
}

/** A card's expiry and views, side by side. */
export function CardUsage({ expiry, views }: { expiry: ReactNode; views: string }) {
  return (
    <Group gap="xs" c="dimmed">
      {expiry}
      <Text size="sm">·</Text>
      <Text size="sm">{views}</Text>
    </Group>
  );
}
