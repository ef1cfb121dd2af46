import { ActionIcon, Button, CloseButton, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
}

const STATUSES: readonly FileStatusFilter[] = ['all', 'active', 'expired', 'pending'];

/** Search (server side), type and status filters (on loaded rows), refresh, batch delete. */
export function FilesToolbar(props: FilesToolbarProps) {
  const { t } = useTranslation();
  const { filters, onFiltersChange } = props;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs" wrap="wrap" style={{ flex: '1 1 520px' }}>
        <TextInput
          style={{ flex: '1 1 220px', maxWidth: 360 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('files.searchPlaceholder')}
          aria-label={t('files.search')}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.currentTarget.value)}
          rightSection={
            props.search ? (
              <CloseButton
                size="sm"
                aria-label={t('files.clearSearch')}
                onClick={() => props.onSearchChange('')}
              />
            ) : null
          }
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
        <Tooltip label={t('common.refresh')}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={t('common.refresh')}
            onClick={props.onRefresh}
            loading={props.refreshing}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        disabled={props.selectedCount === 0 || props.busy}
        onClick={props.onBatchDelete}
      >
        {t('files.deleteSelected', { count: props.selectedCount })}
      </Button>
    </Group>
  );
}
