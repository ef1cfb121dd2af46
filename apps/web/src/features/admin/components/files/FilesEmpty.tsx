import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '@/features/admin/components/shared/EmptyList';

/** No file shares yet, or none matching the search or filters. */
export function FilesEmpty({ search, filtered }: { search: string; filtered: boolean }) {
  const { t } = useTranslation();
  if (search || filtered) {
    const title = search ? t('files.noMatches', { search }) : t('files.noFilterMatches');
    return <EmptyList title={title} />;
  }
  const start = {
    hint: t('files.emptyHint'),
    label: t('files.uploadFirst'),
    to: '/upload',
    icon: <IconUpload size={16} />,
  };
  return <EmptyList title={t('files.emptyTitle')} start={start} />;
}
