import { Stack, Table } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import type { KeyActionHandlers } from './KeyActions';
import { KeyCard } from './KeyCard';
import { KeyRow } from './KeyRow';

/** Every key: a table on wide screens, cards on phones. */
export function KeysList({ items, ...actions }: KeyActionHandlers & { items: ApiKeyItem[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs">
        {items.map((item) => (
          <KeyCard key={item.id} item={item} {...actions} />
        ))}
      </Stack>
    );
  }
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keys.columns.name')}</Table.Th>
            <Table.Th>{t('keys.columns.key')}</Table.Th>
            <Table.Th>{t('keys.columns.permissions')}</Table.Th>
            <Table.Th style={nowrap}>{t('keys.columns.basicPath')}</Table.Th>
            <Table.Th>{t('keys.columns.expiresAt')}</Table.Th>
            <Table.Th>{t('keys.columns.createdAt')}</Table.Th>
            <Table.Th style={nowrap}>{t('keys.columns.lastUsed')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <KeyRow key={item.id} item={item} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
