import { Button, Group, Select } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteSelectedButton,
  RefreshButton,
  SearchField,
} from '@/features/admin/components/shared/ToolbarParts';
import { FILE_KINDS, type FileFilters, type FileKind, type FileStatusFilter } from './file-kind';

interface FilesToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  filters: FileFilters;
  onFiltersChange: (filters: FileFilters) => void;
  selectedCount: number;
  busy: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onBatchDelete: () => void;
  /** Issue 33: one link for the selected files. */
  onBundle: () => void;
}

const STATUSES: readonly FileStatusFilter[] = ['all', 'active', 'expired', 'pending'];

/** Search (server side), type and status filters (on loaded rows), refresh, batch delete. */
export function FilesToolbar(props: FilesToolbarProps) {
  const { t } = useTranslation();
  const { filters, onFiltersChange } = props;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs" wrap="wrap" style={{ flex: '1 1 520px' }}>
        <SearchField
          style={{ flex: '1 1 220px', maxWidth: 360 }}
          value={props.search}
          onChange={props.onSearchChange}
          label={t('files.search')}
          placeholder={t('files.searchPlaceholder')}
          clearLabel={t('files.clearSearch')}
        />
        <Select
          w={150}
          aria-label={t('files.filterKind')}
          value={filters.kind}
          allowDeselect={false}
          data={[
            { value: 'all', label: t('files.kinds.all') },
            ...FILE_KINDS.map((kind) => ({ value: kind, label: t(`files.kinds.${kind}`) })),
          ]}
          onChange={(value) => onFiltersChange({ ...filters, kind: (value ?? 'all') as FileKind })}
        />
        <Select
          w={150}
          aria-label={t('files.filterStatus')}
          value={filters.status}
          allowDeselect={false}
          data={STATUSES.map((status) => ({ value: status, label: t(`files.statuses.${status}`) }))}
          onChange={(value) =>
            onFiltersChange({ ...filters, status: (value ?? 'all') as FileStatusFilter })
          }
        />
        <RefreshButton onRefresh={props.onRefresh} refreshing={props.refreshing} />
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconPackages size={16} />}
          disabled={props.selectedCount === 0}
          onClick={props.onBundle}
        >
          {t('bundles.create.button', { count: props.selectedCount })}
        </Button>
        <DeleteSelectedButton
          label={t('files.deleteSelected', { count: props.selectedCount })}
          selectedCount={props.selectedCount}
          busy={props.busy}
          onClick={props.onBatchDelete}
        />
      </Group>
    </Group>
  );
}
