import { ActionIcon, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** SPEC §4: auto → light → dark → auto. */
const NEXT: Record<MantineColorScheme, MantineColorScheme> = {
  auto: 'light',
  light: 'dark',
  dark: 'auto',
};

export function ThemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const label = t('theme.switchTo', { mode: t(`theme.${colorScheme}`) });
  const Icon =
    colorScheme === 'auto' ? IconDeviceDesktop : colorScheme === 'light' ? IconSun : IconMoon;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-theme-mode={colorScheme}
        onClick={() => setColorScheme(NEXT[colorScheme])}
      >
        <Icon size={18} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
