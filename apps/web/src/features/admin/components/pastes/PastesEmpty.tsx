import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '@/features/admin/components/shared/EmptyList';

/** No shares yet, or none matching the search. */
export function PastesEmpty({ search }: { search: string }) {
  const { t } = useTranslation();
  if (search) {
    return <EmptyList title={t('texts.noMatches', { search })} />;
  }
  const start = {
    hint: t('texts.emptyHint'),
    label: t('texts.createFirst'),
    to: '/',
    icon: <IconPlus size={16} />,
  };
  return <EmptyList title={t('texts.emptyTitle')} start={start} />;
}
