import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { usePageTitle } from '@/lib/use-page-title';

/** Placeholder until the issue that brings this screen lands. */
export function MountExplorerPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.mountExplorer'));
  return <ComingSoon title={t('titles.mountExplorer')} />;
}
