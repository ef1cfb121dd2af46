import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSession } from '@/features/admin/api/get-admin-session';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { AccountsEmpty } from './AccountsEmpty';
import { AccountsList } from './AccountsList';
import { AccountsToolbar } from './AccountsToolbar';
import type { AccountsPageParams } from './api/account-keys';
import { useAccounts } from './api/get-accounts';
import { CreateAccountModal } from './CreateAccountModal';
import { DeleteAccountModal } from './DeleteAccountModal';
import { EditAccountModal } from './EditAccountModal';

type Role = AccountsPageParams['role'];

/** accounts (admin only, issue 32): list, search, create or invite, edit, disable, delete. */
export function AccountsModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [role, setRole] = useState<Role>('');
  // The page belongs to one search and filter: a new one starts at page 1.
  const scope = `${role}:${search}`;
  const [pageOfScope, setPageOfScope] = useState({ scope: '', page: 1 });
  const page = pageOfScope.scope === scope ? pageOfScope.page : 1;
  const setPage = (next: number) => setPageOfScope({ scope, page: next });
  const accounts = useAccounts({ page, search, role });
  const self = useAdminSession(true);
  const [creating, setCreating] = useState(false);
  const [editingItem, setEditingItem] = useState<AccountItem | null>(null);
  const [deleting, setDeleting] = useState<AccountItem | null>(null);
  const items = accounts.data?.items ?? [];
  // The fresh row when the list has it (after a change), else the one the admin opened (a
  // rename or a new role can move it to another page).
  const editing = editingItem
    ? (items.find((item) => item.id === editingItem.id) ?? editingItem)
    : null;
  const pagination = accounts.data?.pagination;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  if (pagination && !accounts.isPlaceholderData && page > totalPages) {
    // The last account of the last page was deleted: step back to a page that exists.
    setPage(totalPages);
  }
  const from = pagination && pagination.total > 0 ? pagination.offset + 1 : 0;
  const to = pagination ? pagination.offset + items.length : 0;

  const createButton = (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
      {t('accounts.create')}
    </Button>
  );

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('accounts.description')} actions={createButton} />
      <AccountsToolbar
        search={searchInput}
        onSearchChange={setSearchInput}
        role={role}
        onRoleChange={setRole}
        refreshing={accounts.isFetching}
        onRefresh={() => void accounts.refetch()}
      />
      {accounts.isError && (
        <ListErrorAlert error={accounts.error} onRetry={() => void accounts.refetch()} />
      )}
      <ListFrame
        pending={accounts.isPending}
        count={items.length}
        empty={
          <AccountsEmpty
            narrowed={search !== '' || role !== ''}
            onCreate={() => setCreating(true)}
          />
        }
      >
        <AccountsList
          items={items}
          selfId={self.data?.id}
          onEdit={setEditingItem}
          onDelete={setDeleting}
        />
      </ListFrame>
      {pagination && pagination.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('accounts.range', { from, to, total: pagination.total })}
          </Text>
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('texts.previousPage') : t('texts.nextPage'),
            })}
            getItemProps={(item) => ({ 'aria-label': t('texts.pageN', { page: item }) })}
          />
        </Group>
      )}
      <CreateAccountModal opened={creating} onClose={() => setCreating(false)} />
      <EditAccountModal
        item={editing}
        selfId={self.data?.id}
        onChanged={setEditingItem}
        onClose={() => setEditingItem(null)}
        onDelete={(item) => {
          setEditingItem(null);
          setDeleting(item);
        }}
      />
      <DeleteAccountModal item={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
