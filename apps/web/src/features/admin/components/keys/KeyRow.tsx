import { Code, Table, Text } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { DateText } from '@/features/admin/components/DateText';
import { KeyActions, type KeyActionHandlers } from './KeyActions';
import { KeyExpiry, KeyLastUsed, PermissionBadges } from './KeyBadges';
import { KeyValue } from './KeyValue';

/** One key as a table row (wide screens). */
export function KeyRow({ item, ...actions }: KeyActionHandlers & { item: ApiKeyItem }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500} truncate maw={200} title={item.name}>
          {item.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <KeyValue value={item.key} name={item.name} />
      </Table.Td>
      <Table.Td>
        <PermissionBadges item={item} />
      </Table.Td>
      <Table.Td>
        <Code>{item.basic_path}</Code>
      </Table.Td>
      <Table.Td>
        <KeyExpiry item={item} />
      </Table.Td>
      <Table.Td>
        <DateText iso={item.created_at} />
      </Table.Td>
      <Table.Td>
        <KeyLastUsed item={item} />
      </Table.Td>
      <Table.Td>
        <KeyActions item={item} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}
