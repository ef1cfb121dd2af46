import {
  ActionIcon,
  Button,
  Center,
  CloseButton,
  Menu,
  SegmentedControl,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconCheck,
  IconLayoutGrid,
  IconList,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '@/features/mount-explorer/hooks/use-explorer-prefs';
import type { SortDirection, SortField, SortState } from '@/features/mount-explorer/lib/entries';

/** Filters the folder on screen by name as one types (no request). */
export function SearchField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={t('explorer.search.label')}
      placeholder={t('explorer.search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value !== '') {
          event.preventDefault();
          onChange('');
        }
      }}
      rightSection={
        value !== '' ? (
          <CloseButton
            size="sm"
            aria-label={t('explorer.search.clear')}
            onClick={() => onChange('')}
          />
        ) : null
      }
      type="search"
    />
  );
}

/** List or grid, as two radio buttons with icons and spoken names. */
export function ViewToggle({
  value,
  onChange,
}: {
  value: ViewMode;
  onChange: (value: ViewMode) => void;
}) {
  const { t } = useTranslation();
  const option = (mode: ViewMode, icon: ReactNode) => ({
    value: mode,
    label: (
      <Center>
        {icon}
        <VisuallyHidden>{t(`explorer.view.${mode}`)}</VisuallyHidden>
      </Center>
    ),
  });
  return (
    <SegmentedControl
      aria-label={t('explorer.view.label')}
      value={value}
      onChange={(next) => onChange(next === 'grid' ? 'grid' : 'list')}
      data={[
        option('list', <IconList size={16} aria-hidden />),
        option('grid', <IconLayoutGrid size={16} aria-hidden />),
      ]}
    />
  );
}

const FIELDS: readonly SortField[] = ['name', 'size', 'modified'];
const DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/** The sort field and direction; folders stay first whatever is chosen. */
export function SortMenu(props: {
  sort: SortState;
  onChange: (sort: SortState) => void;
  /** An icon only (phone width). */
  compact?: boolean;
}) {
  const { sort, onChange, compact = false } = props;
  const { t } = useTranslation();
  const check = (on: boolean) => (on ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  const label = t('explorer.sort.by', { field: t(`explorer.sort.${sort.field}`) });
  const direction =
    sort.direction === 'asc' ? (
      <IconSortAscending size={compact ? 18 : 14} aria-hidden />
    ) : (
      <IconSortDescending size={compact ? 18 : 14} aria-hidden />
    );
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="default" size="lg" aria-label={label}>
            {direction}
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            aria-label={label}
            leftSection={<IconArrowsSort size={16} />}
            rightSection={direction}
          >
            {t(`explorer.sort.${sort.field}`)}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('explorer.sort.label')}</Menu.Label>
        {FIELDS.map((field) => (
          <Menu.Item
            key={field}
            leftSection={check(sort.field === field)}
            onClick={() => onChange({ ...sort, field })}
          >
            {t(`explorer.sort.${field}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {DIRECTIONS.map((direction) => (
          <Menu.Item
            key={direction}
            leftSection={check(sort.direction === direction)}
            rightSection={
              direction === 'asc' ? (
                <IconSortAscending size={14} />
              ) : (
                <IconSortDescending size={14} />
              )
            }
            onClick={() => onChange({ ...sort, direction })}
          >
            {t(`explorer.sort.${direction}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('explorer.sort.foldersFirst')}</Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
