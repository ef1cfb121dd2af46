import { Code, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';
import { MetaField } from '@/features/admin/components/shared/MetaField';
import { PermissionBadges } from '@/features/admin/components/keys/KeyBadges';
import { AccountActions, type AccountActionHandlers } from './AccountActions';
import { AccountUsage, RoleBadge, StateBadges } from './AccountBadges';
import { AccountName } from './AccountName';

/** One account on a phone: the table's columns stacked so nothing scrolls out of reach. */
export function AccountCard({ item, ...actions }: AccountActionHandlers & { item: AccountItem }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <AccountName item={item} self={item.id === actions.selfId} />
          <AccountActions item={item} {...actions} />
        </Group>
        <Group gap={4}>
          <RoleBadge item={item} />
          <StateBadges item={item} />
        </Group>
        <PermissionBadges item={item} />
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <MetaField label={t('accounts.columns.basicPath')}>
            <Code>{item.basic_path}</Code>
          </MetaField>
          <MetaField label={t('accounts.columns.usage')}>
            <AccountUsage item={item} />
          </MetaField>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
