import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RefreshButton, SearchField } from '@/features/admin/components/shared/ToolbarParts';
import type { AccountsPageParams } from './api/account-keys';

interface AccountsToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  role: AccountsPageParams['role'];
  onRoleChange: (role: AccountsPageParams['role']) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search (username, display name, e-mail), the role filter and refresh. */
export function AccountsToolbar(props: AccountsToolbarProps) {
  const { t } = useTranslation();
  const roles = [
    { value: '', label: t('accounts.filter.all') },
    { value: 'admin', label: t('accounts.roles.admin') },
    { value: 'member', label: t('accounts.roles.member') },
  ];
  return (
    <Group gap="xs" wrap="wrap">
      <SearchField
        style={{ flex: '1 1 220px', maxWidth: 420 }}
        value={props.search}
        onChange={props.onSearchChange}
        label={t('accounts.search')}
        placeholder={t('accounts.searchPlaceholder')}
        clearLabel={t('accounts.clearSearch')}
      />
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label={t('accounts.filter.label')}
          data={roles}
          value={props.role}
          onChange={(event) =>
            props.onRoleChange(event.currentTarget.value as AccountsPageParams['role'])
          }
        />
        <RefreshButton onRefresh={props.onRefresh} refreshing={props.refreshing} />
      </Group>
    </Group>
  );
}
