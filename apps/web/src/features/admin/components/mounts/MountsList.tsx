import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { MountActions, type MountActionHandlers } from './MountActions';
import { MountCacheTtl, MountName, MountPath, MountStatus, MountStorage } from './MountParts';

interface MountsListProps {
  items: MountItem[];
  /** Absent for a key user: the list is read-only. */
  actions?: MountActionHandlers;
}

/** Every mount: a table on wide screens, cards on phones. */
export function MountsList({ items, actions }: MountsListProps) {
  const isPhone = useIsPhone();
  return isPhone ? (
    <MountCards items={items} actions={actions} />
  ) : (
    <MountTable items={items} actions={actions} />
  );
}

function MountCards({ items, actions }: MountsListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {items.map((mount) => (
        <Paper
          key={mount.id}
          withBorder
          radius="md"
          p="sm"
          aria-label={mount.name}
          component="article"
        >
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <MountName mount={mount} />
              <MountStatus
                mount={mount}
                onToggle={actions?.onToggle}
                busy={actions?.togglingId === mount.id}
              />
            </Group>
            <MountPath mount={mount} />
            <MountStorage mount={mount} />
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" c="dimmed" wrap="nowrap">
                <Text size="sm">{t('mounts.sortShort', { order: mount.sort_order })}</Text>
                <Text size="sm">·</Text>
                <MountCacheTtl mount={mount} />
              </Group>
              {actions && <MountActions mount={mount} {...actions} />}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function MountTable({ items, actions }: MountsListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={880} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mounts.columns.name')}</Table.Th>
            <Table.Th>{t('mounts.columns.path')}</Table.Th>
            <Table.Th>{t('mounts.columns.storage')}</Table.Th>
            <Table.Th>{t('mounts.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('mounts.columns.sortOrder')}</Table.Th>
            <Table.Th>{t('mounts.columns.cacheTtl')}</Table.Th>
            {actions && <Table.Th ta="right">{t('common.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((mount) => (
            <Table.Tr key={mount.id}>
              <Table.Td maw={280}>
                <MountName mount={mount} />
              </Table.Td>
              <Table.Td maw={240}>
                <MountPath mount={mount} />
              </Table.Td>
              <Table.Td maw={220}>
                <MountStorage mount={mount} />
              </Table.Td>
              <Table.Td>
                <MountStatus
                  mount={mount}
                  onToggle={actions?.onToggle}
                  busy={actions?.togglingId === mount.id}
                />
              </Table.Td>
              <Table.Td ta="right">{mount.sort_order}</Table.Td>
              <Table.Td>
                <MountCacheTtl mount={mount} />
              </Table.Td>
              {actions && (
                <Table.Td>
                  <MountActions mount={mount} {...actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
