import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon';
import { usePageTitle } from '../../../lib/use-page-title';

export function PastePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.paste'));
  return <ComingSoon title={t('titles.paste')} />;
}
