import { ActionIcon, Badge, Code, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../DateText';
import { KeyValue } from './KeyValue';

const PERMISSIONS = [
  { field: 'text_permission', label: 'keys.permissions.text', color: 'blue' },
  { field: 'file_permission', label: 'keys.permissions.file', color: 'grape' },
  { field: 'mount_permission', label: 'keys.permissions.mount', color: 'teal' },
] as const;

interface KeyRowProps {
  item: ApiKeyItem;
  onEdit: (item: ApiKeyItem) => void;
  onDelete: (item: ApiKeyItem) => void;
}

export function KeyRow({ item, onEdit, onDelete }: KeyRowProps) {
  const { t } = useTranslation();
  const granted = PERMISSIONS.filter((permission) => item[permission.field]);
  const nowrap = { whiteSpace: 'nowrap' } as const;
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
        <Group gap={4} wrap="nowrap">
          {granted.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('keys.noPermissions')}
            </Text>
          )}
          {granted.map((permission) => (
            <Badge
              key={permission.field}
              color={permission.color}
              variant="light"
              size="sm"
              style={{ minWidth: 'max-content' }}
            >
              {t(permission.label)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Code>{item.basic_path}</Code>
      </Table.Td>
      <Table.Td>
        {item.expired ? (
          <Badge color="red" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
            {t('keys.expired')}
          </Badge>
        ) : item.expires_at ? (
          <DateText iso={item.expires_at} />
        ) : (
          <Badge color="gray" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
            {t('common.never')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <DateText iso={item.created_at} />
      </Table.Td>
      <Table.Td>
        {item.last_used ? (
          <DateText iso={item.last_used} />
        ) : (
          <Text size="sm" c="dimmed" style={nowrap}>
            {t('keys.neverUsed')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('keys.editKey', { name: item.name })}
              onClick={() => onEdit(item)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('keys.deleteKey', { name: item.name })}
              onClick={() => onDelete(item)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
