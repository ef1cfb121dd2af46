import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Footer of SPEC §2: copyright with the current year, and what Pastebox is. The two are
 * set apart by space, not by a " · " of their own: a separator belongs to neither, and
 * whenever the line wrapped or the tagline was hidden it was left standing alone (issue 30).
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="center"
      py="md"
      px="md"
      gap="lg"
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        rowGap: 4,
        textAlign: 'center',
      }}
    >
      <Text size="sm" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('footer.poweredBy')}
      </Text>
    </Group>
  );
}
