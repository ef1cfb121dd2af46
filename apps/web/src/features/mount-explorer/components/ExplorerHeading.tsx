import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MUTED_TEXT } from '@/lib/entry-colors';

/** The page's title and what it is for. */
export function ExplorerHeading() {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={2}>{t('titles.mountExplorer')}</Title>
      <Text c={MUTED_TEXT} size="sm">
        {t('explorer.subtitle')}
      </Text>
    </div>
  );
}
