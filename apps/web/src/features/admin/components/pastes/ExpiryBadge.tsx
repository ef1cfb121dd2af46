import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';

/** "Expired" in red, "Never" in grey, otherwise the instant it expires. */
export function ExpiryBadge({
  expiresAt,
  expired,
}: {
  expiresAt: string | null;
  expired: boolean;
}) {
  const { t } = useTranslation();
  if (expired) {
    return (
      <Badge color="red" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
        {t('texts.expired')}
      </Badge>
    );
  }
  if (!expiresAt) {
    return (
      <Badge color="gray" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
        {t('common.never')}
      </Badge>
    );
  }
  return <DateText iso={expiresAt} withTime />;
}
