import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@/features/admin/utils/format';

/** A date for a table cell; hovering shows the exact time. */
export function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const full = formatDateTime(iso, i18n.language);
  return (
    <Text size="sm" component="time" dateTime={iso} title={full} style={{ whiteSpace: 'nowrap' }}>
      {withTime ? full : formatDate(iso, i18n.language)}
    </Text>
  );
}
