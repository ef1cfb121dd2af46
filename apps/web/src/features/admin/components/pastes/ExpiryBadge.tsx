import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../utils/format';

/** "Expired" in red, "Never" in grey, otherwise the instant it expires. */
export function ExpiryBadge({
  expiresAt,
  expired,
}: {
  expiresAt: string | null;
  expired: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (expired) {
    return (
      <Badge color="red" variant="light" size="sm">
        {t('texts.expired')}
      </Badge>
    );
  }
  if (!expiresAt) {
    return (
      <Badge color="gray" variant="light" size="sm">
        {t('common.never')}
      </Badge>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(expiresAt, i18n.language)}
    </Text>
  );
}
