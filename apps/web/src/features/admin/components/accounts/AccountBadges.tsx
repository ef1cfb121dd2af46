import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/features/admin/utils/format';
import { formatBytes } from '@/lib/uploader/format';

const FIT = { minWidth: 'max-content' } as const;

/** Admin or member. */
export function RoleBadge({ item }: { item: AccountItem }) {
  const { t } = useTranslation();
  return (
    <Badge color={item.role === 'admin' ? 'violet' : 'gray'} variant="light" size="sm" style={FIT}>
      {t(`accounts.roles.${item.role}`)}
    </Badge>
  );
}

/**
 * What stops the account being used as it is: disabled, an invitation still open (until
 * when), or no password at all (an invitation that ran out). Nothing when it is in use.
 */
export function StateBadges({ item }: { item: AccountItem }) {
  const { t, i18n } = useTranslation();
  const badges: { key: string; color: string; label: string }[] = [];
  if (item.disabled) {
    badges.push({ key: 'disabled', color: 'red', label: t('accounts.state.disabled') });
  }
  if (item.invite_expires_at) {
    const date = formatDate(item.invite_expires_at, i18n.language);
    badges.push({ key: 'invite', color: 'blue', label: t('accounts.state.invited', { date }) });
  } else if (!item.has_password) {
    badges.push({ key: 'no-password', color: 'orange', label: t('accounts.state.noPassword') });
  }
  if (badges.length === 0) {
    return null;
  }
  return (
    <Group gap={4}>
      {badges.map((badge) => (
        // Sentences, not labels: not upper-cased.
        <Badge key={badge.key} color={badge.color} variant="light" size="sm" tt="none" style={FIT}>
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}

/** Bytes used, and against a quota a bar that turns orange then red as it fills. */
export function AccountUsage({ item }: { item: AccountItem }) {
  const { t } = useTranslation();
  const used = formatBytes(item.used_bytes);
  if (item.quota_bytes === 0) {
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('accounts.usage.noQuota', { used })}
      </Text>
    );
  }
  const percent = Math.min(100, (item.used_bytes / item.quota_bytes) * 100);
  const color = percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'teal';
  const label = t('accounts.usage.usedOf', { used, total: formatBytes(item.quota_bytes) });
  return (
    <Stack gap={4} miw={140}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Progress value={percent} color={color} size="sm" aria-label={label} />
    </Stack>
  );
}
