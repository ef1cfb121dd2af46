import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RefreshButton, SearchField } from '@/features/admin/components/shared/ToolbarParts';
import type { AuditFilters } from './api/get-audit';
import { actionChoices } from './audit-labels';

interface AuditToolbarProps {
  filters: AuditFilters;
  onChange: <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => void;
  onClear: () => void;
  /** Actions on the page, so one this app has no label for can still be chosen. */
  seenActions: readonly string[];
  refreshing: boolean;
  onRefresh: () => void;
}

/** Who, what, how it ended and when; clear and refresh. */
export function AuditToolbar({
  filters,
  onChange,
  onClear,
  seenActions,
  ...refresh
}: AuditToolbarProps) {
  const { t } = useTranslation();
  const narrowed = Object.values(filters).some((value) => value !== '');
  const outcomes = [
    { value: '', label: t('audit.filters.anyOutcome') },
    { value: 'success', label: t('audit.outcomes.success') },
    { value: 'failure', label: t('audit.outcomes.failure') },
  ];
  const grow = (basis: number) => ({ flex: `1 1 ${basis}px`, minWidth: 0 });
  return (
    <Group gap="xs" wrap="wrap" align="flex-start">
      <SearchField
        style={grow(200)}
        value={filters.actor}
        onChange={(value) => onChange('actor', value)}
        label={t('audit.filters.actor')}
        placeholder={t('audit.filters.actorPlaceholder')}
        clearLabel={t('audit.filters.clearActor')}
      />
      <NativeSelect
        style={grow(180)}
        aria-label={t('audit.filters.action')}
        data={actionChoices(t, seenActions)}
        value={filters.action}
        onChange={(event) => onChange('action', event.currentTarget.value)}
      />
      <NativeSelect
        style={grow(140)}
        aria-label={t('audit.filters.outcome')}
        data={outcomes}
        value={filters.outcome}
        onChange={(event) =>
          onChange('outcome', event.currentTarget.value as AuditFilters['outcome'])
        }
      />
      {(['from', 'to'] as const).map((bound) => (
        <TextInput
          key={bound}
          style={{ ...grow(230), maxWidth: 320 }}
          type="datetime-local"
          aria-label={t(`audit.filters.${bound}`)}
          leftSection={<span aria-hidden>{t(`audit.filters.${bound}Short`)}</span>}
          leftSectionWidth={48}
          value={filters[bound]}
          onChange={(event) => onChange(bound, event.currentTarget.value)}
        />
      ))}
      <RefreshButton {...refresh} />
      {narrowed && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
          {t('audit.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
