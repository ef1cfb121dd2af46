import { Badge, Group, Text } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';

const PERMISSIONS = [
  { field: 'text_permission', label: 'keys.permissions.text', color: 'blue' },
  { field: 'file_permission', label: 'keys.permissions.file', color: 'grape' },
  { field: 'mount_permission', label: 'keys.permissions.mount', color: 'teal' },
] as const;

const FIT = { minWidth: 'max-content' } as const;

/** The permissions a key (or an account) holds, as badges; "None" when it holds none. */
export function PermissionBadges({
  item,
}: {
  item: Pick<ApiKeyItem, 'text_permission' | 'file_permission' | 'mount_permission'>;
}) {
  const { t } = useTranslation();
  const granted = PERMISSIONS.filter((permission) => item[permission.field]);
  return (
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
          style={FIT}
        >
          {t(permission.label)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * "Expired" in red, "Expires: never" in grey (a sentence, so not upper-cased), otherwise
 * the day it expires.
 */
export function KeyExpiry({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  if (item.expired) {
    return (
      <Badge color="red" variant="light" size="sm" style={FIT}>
        {t('keys.expired')}
      </Badge>
    );
  }
  if (!item.expires_at) {
    return (
      <Badge color="gray" variant="light" size="sm" style={FIT} tt="none">
        {t('polish.expiresNever')}
      </Badge>
    );
  }
  return <DateText iso={item.expires_at} />;
}

/** When the key was last used, or "Never used". */
export function KeyLastUsed({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  return item.last_used ? (
    <DateText iso={item.last_used} />
  ) : (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('keys.neverUsed')}
    </Text>
  );
}
