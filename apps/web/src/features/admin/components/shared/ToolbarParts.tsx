import { ActionIcon, Button, CloseButton, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  style?: CSSProperties;
}

/** A list's search box, with a button that clears it. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  clearLabel,
  style,
}: SearchFieldProps) {
  return (
    <TextInput
      style={style}
      leftSection={<IconSearch size={16} />}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} />
        ) : null
      }
    />
  );
}

/** Re-reads the list; spins while it does. */
export function RefreshButton({
  onRefresh,
  refreshing,
}: {
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('common.refresh')}>
      <ActionIcon
        variant="default"
        size={36}
        aria-label={t('common.refresh')}
        onClick={onRefresh}
        loading={refreshing}
      >
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Deletes the selected rows; disabled with nothing selected or while busy. */
export function DeleteSelectedButton({
  label,
  selectedCount,
  busy,
  onClick,
}: {
  label: string;
  selectedCount: number;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} />}
      disabled={selectedCount === 0 || busy}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
