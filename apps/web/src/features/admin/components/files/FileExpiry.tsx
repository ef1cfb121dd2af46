import { Badge } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';

/**
 * "Expired" (also when out of views) in red, "Expires: never" in grey (a sentence, so not
 * upper-cased), otherwise the instant; `compact` shows the date only (the time on hover) for
 * the narrow table column.
 */
export function FileExpiry({ file, compact = false }: { file: FileShare; compact?: boolean }) {
  const { t } = useTranslation();
  if (file.expired) {
    return (
      <Badge color="red" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
        {t('files.expired')}
      </Badge>
    );
  }
  if (!file.expires_at) {
    return (
      <Badge color="gray" variant="light" size="sm" style={{ minWidth: 'max-content' }} tt="none">
        {t('polish.expiresNever')}
      </Badge>
    );
  }
  return <DateText iso={file.expires_at} withTime={!compact} />;
}
