import { useTranslation } from 'react-i18next';
import { ShareErrorState } from '@/components/ShareErrorState';

/** Not found, expired, out of views, or any other failure — always with a way home. */
export function FileErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const texts = {
    notFoundTitle: t('file.state.notFoundTitle'),
    notFoundBody: t('file.state.notFoundBody'),
    expiredTitle: t('file.state.expiredTitle'),
    expiredBody: t('file.state.expiredBody'),
    viewLimitTitle: t('file.state.viewLimitTitle'),
    viewLimitBody: t('file.state.viewLimitBody'),
    errorTitle: t('file.state.errorTitle'),
  };
  return (
    <ShareErrorState
      error={error}
      onRetry={onRetry}
      texts={texts}
      notFoundKeys={['FILE_NOT_FOUND', 'NOT_FOUND']}
    />
  );
}
