import { Code, Stack, Table } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { PermissionBadges } from '@/features/admin/components/keys/KeyBadges';
import { AccountActions, type AccountActionHandlers } from './AccountActions';
import { AccountUsage, RoleBadge, StateBadges } from './AccountBadges';
import { AccountName } from './AccountName';

/** One account as a table row (wide screens). */
export function AccountRow({ item, ...actions }: AccountActionHandlers & { item: AccountItem }) {
  return (
    <Table.Tr>
      <Table.Td maw={260}>
        <AccountName item={item} self={item.id === actions.selfId} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <RoleBadge item={item} />
          <StateBadges item={item} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <PermissionBadges item={item} />
      </Table.Td>
      <Table.Td>
        <Code>{item.basic_path}</Code>
      </Table.Td>
      <Table.Td>
        <AccountUsage item={item} />
      </Table.Td>
      <Table.Td>
        <AccountActions item={item} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}
