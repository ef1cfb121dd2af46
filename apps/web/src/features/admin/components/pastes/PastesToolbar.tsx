import { ActionIcon, Button, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconClockX, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
        <TextInput
          style={{ flex: 1 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('texts.searchPlaceholder')}
          aria-label={t('texts.search')}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.currentTarget.value)}
          rightSection={
            props.search ? (
              <CloseButton
                size="sm"
                aria-label={t('texts.clearSearch')}
                onClick={() => props.onSearchChange('')}
              />
            ) : null
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
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={props.selectedCount === 0 || props.busy}
          onClick={props.onBatchDelete}
        >
          {t('texts.deleteSelected', { count: props.selectedCount })}
        </Button>
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
