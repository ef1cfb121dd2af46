import { Button, Group } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteSelectedButton,
  RefreshButton,
  SearchField,
} from '@/features/admin/components/shared/ToolbarParts';
import { useAuth } from '@/lib/auth/use-auth';

interface PastesToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  selectedCount: number;
  busy: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onBatchDelete: () => void;
  onClearExpired: () => void;
}

/** Search, refresh, batch delete and — for the admin only (SPEC §6) — clear expired. */
export function PastesToolbar(props: PastesToolbarProps) {
  const { t } = useTranslation();
  const { authType } = useAuth();
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 300px', maxWidth: 480 }}>
        <SearchField
          style={{ flex: 1 }}
          value={props.search}
          onChange={props.onSearchChange}
          label={t('texts.search')}
          placeholder={t('texts.searchPlaceholder')}
          clearLabel={t('texts.clearSearch')}
        />
        <RefreshButton onRefresh={props.onRefresh} refreshing={props.refreshing} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <DeleteSelectedButton
          label={t('texts.deleteSelected', { count: props.selectedCount })}
          selectedCount={props.selectedCount}
          busy={props.busy}
          onClick={props.onBatchDelete}
        />
        {authType === 'admin' && (
          <Button
            variant="default"
            leftSection={<IconClockX size={16} />}
            disabled={props.busy}
            onClick={props.onClearExpired}
          >
            {t('texts.clearExpired')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
