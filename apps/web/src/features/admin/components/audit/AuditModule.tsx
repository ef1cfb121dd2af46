import { Alert, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconFileExport, IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { EmptyList } from '@/features/admin/components/shared/EmptyList';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from './api/get-audit';
import { AuditList } from './AuditList';
import { AuditToolbar } from './AuditToolbar';
import { useAuditExport } from './use-audit-export';

/** audit (admin only, issue 32): who did what, from where, and how it ended; CSV export. */
export function AuditModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  // The actor is typed: ask once the typing pauses. The other filters apply at once.
  const [actor] = useDebouncedValue(filters.actor.trim(), 300);
  const applied = { ...filters, actor };
  const scope = JSON.stringify(applied);
  const [pageOfScope, setPageOfScope] = useState({ scope: '', page: 1 });
  const page = pageOfScope.scope === scope ? pageOfScope.page : 1;
  const log = useAuditLog(applied, page);
  const exporter = useAuditExport();
  const items = log.data?.items ?? [];
  const pagination = log.data?.pagination;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  const lost = log.data?.lost_entries ?? 0;
  const narrowed = Object.values(applied).some((value) => value !== '');
  // Every action seen while browsing stays a choice, even once a filter hides its entries.
  const [seen, setSeen] = useState<string[]>([]);
  const unseen = [...new Set(items.map((item) => item.action))].filter((a) => !seen.includes(a));
  if (unseen.length > 0) {
    setSeen([...seen, ...unseen]);
  }
  const change = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    setFilters((previous) => ({ ...previous, [key]: value }));

  const exportButton = (
    <Button
      variant="default"
      leftSection={<IconFileExport size={16} />}
      loading={exporter.preparing}
      loaderProps={{ type: 'dots' }}
      onClick={() => exporter.start(applied)}
    >
      {exporter.preparing ? t('audit.preparing') : t('audit.export')}
    </Button>
  );

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('audit.description')} actions={exportButton} />
      {exporter.preparing && (
        <Text size="sm" c="dimmed" role="status">
          {t('audit.preparing')}
        </Text>
      )}
      {lost > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('audit.lost', { count: lost })}
        </Alert>
      )}
      <AuditToolbar
        filters={filters}
        onChange={change}
        onClear={() => setFilters(NO_AUDIT_FILTERS)}
        seenActions={seen}
        refreshing={log.isFetching}
        onRefresh={() => void log.refetch()}
      />
      {log.isError && <ListErrorAlert error={log.error} onRetry={() => void log.refetch()} />}
      <ListFrame
        pending={log.isPending}
        count={items.length}
        empty={<AuditEmpty narrowed={narrowed} />}
      >
        <AuditList items={items} />
      </ListFrame>
      {pagination && pagination.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('audit.range', {
              from: pagination.offset + 1,
              to: pagination.offset + items.length,
              total: pagination.total,
            })}
          </Text>
          <Pagination
            total={totalPages}
            value={page}
            onChange={(next) => setPageOfScope({ scope, page: next })}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('texts.previousPage') : t('texts.nextPage'),
            })}
            getItemProps={(item) => ({ 'aria-label': t('texts.pageN', { page: item }) })}
          />
        </Group>
      )}
    </Stack>
  );
}

function AuditEmpty({ narrowed }: { narrowed: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={0}>
      <EmptyList title={narrowed ? t('audit.emptyFiltered') : t('audit.empty')} />
      {!narrowed && (
        <Group gap={6} pb="lg" c="dimmed">
          <IconListSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" ta="center">
            {t('audit.emptyHint')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
