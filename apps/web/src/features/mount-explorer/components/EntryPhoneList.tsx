import { Checkbox, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { isRangeClick } from '@/features/mount-explorer/hooks/use-selection';
import { useKindLabel } from '@/features/mount-explorer/hooks/use-kind-label';
import { MUTED_TEXT } from '@/lib/entry-colors';
import { formatModified } from '@/features/mount-explorer/lib/format';
import { EntryIcon } from './EntryIcon';
import { EntryLink } from './EntryLink';
import { EntryMenu } from './EntryMenu';
import type { ListingProps } from './EntryTable';
import classes from './Explorer.module.css';

/** The table at phone width: one row per entry, its details on a second line. */
export function EntryPhoneList({ entries, folder, selection, actions }: ListingProps) {
  const { t, i18n } = useTranslation();
  const kindLabel = useKindLabel();
  return (
    <div className={classes.listFrame}>
      <Group className={classes.phoneRow} gap="sm">
        <Checkbox
          label={t('explorer.select.all')}
          checked={selection.allSelected}
          indeterminate={selection.someSelected}
          onChange={(event) => selection.setAll(event.currentTarget.checked)}
        />
      </Group>
      <ul aria-label={t('explorer.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => {
          const selected = selection.isSelected(entry.path);
          const details = [
            entry.isDirectory ? kindLabel(entry) : formatBytes(entry.size),
            formatModified(entry.modified, i18n.language),
          ].filter(Boolean);
          return (
            <li key={entry.path} className={classes.phoneRow} data-selected={selected || undefined}>
              <Group gap="sm" wrap="nowrap">
                <Checkbox
                  aria-label={t('explorer.select.one', { name: entry.name })}
                  checked={selected}
                  onChange={(event) => selection.toggle(entry.path, isRangeClick(event))}
                />
                <EntryIcon entry={entry} size={24} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <EntryLink entry={entry} folder={folder} />
                  <Text size="xs" c={MUTED_TEXT} truncate="end">
                    {details.join(' · ')}
                  </Text>
                </div>
                <EntryMenu entry={entry} actions={actions} />
              </Group>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
