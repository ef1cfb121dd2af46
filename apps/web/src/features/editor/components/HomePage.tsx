import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon';
import { usePageTitle } from '../../../lib/use-page-title';

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.home'));
  return <ComingSoon title={t('titles.home')} />;
}
