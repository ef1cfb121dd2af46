import { useTranslation } from 'react-i18next';
import { ShareErrorState } from '@/components/ShareErrorState';

/** Not found, expired, out of views, or any other failure — always with a way home. */
export function PasteErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const texts = {
    notFoundTitle: t('paste.state.notFoundTitle'),
    notFoundBody: t('paste.state.notFoundBody'),
    expiredTitle: t('paste.state.expiredTitle'),
    expiredBody: t('paste.state.expiredBody'),
    viewLimitTitle: t('paste.state.viewLimitTitle'),
    viewLimitBody: t('paste.state.viewLimitBody'),
    errorTitle: t('paste.state.errorTitle'),
  };
  return (
    <ShareErrorState
      error={error}
      onRetry={onRetry}
      texts={texts}
      notFoundKeys={['PASTE_NOT_FOUND']}
    />
  );
}
