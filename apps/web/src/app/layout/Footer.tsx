import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Footer of SPEC §2: copyright with the current year. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="center"
      py="md"
      px="md"
      gap="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Text size="sm" c="dimmed" visibleFrom="xs">
        · {t('footer.poweredBy')}
      </Text>
    </Group>
  );
}
