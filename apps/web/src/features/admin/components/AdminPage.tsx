import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.admin'));
  return <ComingSoon title={t('titles.admin')} />;
}
