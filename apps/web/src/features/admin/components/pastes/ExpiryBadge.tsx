import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';

/**
 * "Expired" in red, "Expires: never" in grey (a sentence, so not upper-cased), otherwise
 * the instant it expires.
 */
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
      <Badge color="gray" variant="light" size="sm" style={{ minWidth: 'max-content' }} tt="none">
        {t('polish.expiresNever')}
      </Badge>
    );
  }
  return <DateText iso={expiresAt} withTime />;
}
