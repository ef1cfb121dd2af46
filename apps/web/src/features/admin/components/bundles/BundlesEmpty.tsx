import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '@/features/admin/components/shared/EmptyList';

/** No bundles yet, or none matching the search. */
export function BundlesEmpty({ search }: { search: string }) {
  const { t } = useTranslation();
  if (search) {
    return <EmptyList title={t('bundles.list.noMatches', { search })} />;
  }
  const start = {
    hint: t('bundles.list.emptyHint'),
    label: t('bundles.list.uploadFirst'),
    to: '/upload',
    icon: <IconUpload size={16} />,
  };
  return <EmptyList title={t('bundles.list.emptyTitle')} start={start} />;
}
