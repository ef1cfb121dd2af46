import { Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';
import { KeyActions, type KeyActionHandlers } from './KeyActions';
import { KeyExpiry, KeyLastUsed, PermissionBadges } from './KeyBadges';
import { KeyValue } from './KeyValue';

/** One key on a phone: the table's columns stacked so nothing scrolls out of reach. */
export function KeyCard({ item, ...actions }: KeyActionHandlers & { item: ApiKeyItem }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {item.name}
          </Text>
          <KeyActions item={item} {...actions} />
        </Group>
        <KeyValue value={item.key} name={item.name} />
        <PermissionBadges item={item} />
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Field label={t('keys.columns.basicPath')}>
            <Code>{item.basic_path}</Code>
          </Field>
          <Field label={t('keys.columns.expiresAt')}>
            <KeyExpiry item={item} />
          </Field>
          <Field label={t('keys.columns.createdAt')}>
            <DateText iso={item.created_at} />
          </Field>
          <Field label={t('keys.columns.lastUsed')}>
            <KeyLastUsed item={item} />
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}
