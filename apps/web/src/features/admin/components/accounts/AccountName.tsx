import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';

/** The username (marked when it is yours), with the display name and e-mail beneath. */
export function AccountName({ item, self }: { item: AccountItem; self: boolean }) {
  const { t } = useTranslation();
  const details = [item.display_name, item.email].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate title={item.username}>
          {item.username}
        </Text>
        {self && (
          <Badge size="xs" variant="outline" tt="none" style={{ flexShrink: 0 }}>
            {t('accounts.you')}
          </Badge>
        )}
      </Group>
      {details && (
        <Text size="xs" c="dimmed" truncate title={details}>
          {details}
        </Text>
      )}
    </Stack>
  );
}
