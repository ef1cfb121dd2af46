import { Stack, Table } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import type { AccountActionHandlers } from './AccountActions';
import { AccountCard } from './AccountCard';
import { AccountRow } from './AccountRow';

/** One page of accounts: a table on wide screens, cards on phones. */
export function AccountsList({
  items,
  ...actions
}: AccountActionHandlers & { items: AccountItem[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs">
        {items.map((item) => (
          <AccountCard key={item.id} item={item} {...actions} />
        ))}
      </Stack>
    );
  }
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accounts.columns.account')}</Table.Th>
            <Table.Th>{t('accounts.columns.role')}</Table.Th>
            <Table.Th>{t('accounts.columns.permissions')}</Table.Th>
            <Table.Th style={nowrap}>{t('accounts.columns.basicPath')}</Table.Th>
            <Table.Th>{t('accounts.columns.usage')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <AccountRow key={item.id} item={item} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
