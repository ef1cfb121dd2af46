import { Badge, Group, Paper, Stack, Table } from '@mantine/core';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { DateText } from '@/features/admin/components/DateText';
import { StorageActions, type StorageActionHandlers } from './StorageActions';
import { StorageName } from './StorageName';
import { StorageUsage } from './StorageUsage';

interface StorageListProps extends StorageActionHandlers {
  items: StorageConfigItem[];
}

function ProviderBadge({ config }: { config: StorageConfigItem }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={config.storage_type === 'local' ? 'gray' : 'blue'}
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {t(`storage.providers.${config.provider_type}`)}
    </Badge>
  );
}

/** Every storage config: a table on wide screens, cards on phones. */
export function StorageList({ items, ...actions }: StorageListProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs">
        {items.map((config) => (
          <Paper key={config.id} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <StorageName config={config} />
                <ProviderBadge config={config} />
              </Group>
              <StorageUsage config={config} />
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <DateText iso={config.created_at} />
                <StorageActions config={config} {...actions} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('storage.columns.name')}</Table.Th>
            <Table.Th>{t('storage.columns.provider')}</Table.Th>
            <Table.Th>{t('storage.columns.usage')}</Table.Th>
            <Table.Th>{t('storage.columns.createdAt')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((config) => (
            <Table.Tr key={config.id}>
              <Table.Td maw={360}>
                <StorageName config={config} />
              </Table.Td>
              <Table.Td>
                <ProviderBadge config={config} />
              </Table.Td>
              <Table.Td>
                <StorageUsage config={config} />
              </Table.Td>
              <Table.Td>
                <DateText iso={config.created_at} />
              </Table.Td>
              <Table.Td>
                <StorageActions config={config} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
