import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { IconArrowsMove, IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import { abilitiesOf } from '@/features/mount-explorer/lib/abilities';

/** What can be done to all the checked entries at once; shown while any is checked. */
export function SelectionBar(props: {
  selected: FsEntry[];
  actions: EntryActions;
  onClear: () => void;
}) {
  const { selected, actions, onClear } = props;
  const { t } = useTranslation();
  if (selected.length === 0) {
    return null;
  }
  const deletable = selected.every((entry) => abilitiesOf(entry).delete);
  const movable = selected.every((entry) => abilitiesOf(entry).move);
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label={t('explorer.actions.selection')}
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <CloseButton aria-label={t('explorer.select.clear')} onClick={onClear} />
          <Text size="sm" fw={600} aria-live="polite">
            {t('explorer.select.count', { count: selected.length })}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCopy size={14} />}
            onClick={() => actions.copy(selected)}
          >
            {t('explorer.actions.copyTo')}
          </Button>
          {movable && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowsMove size={14} />}
              onClick={() => actions.move(selected)}
            >
              {t('explorer.actions.moveTo')}
            </Button>
          )}
          {deletable && (
            <Button
              size="xs"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => actions.remove(selected, onClear)}
            >
              {t('explorer.actions.delete')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
