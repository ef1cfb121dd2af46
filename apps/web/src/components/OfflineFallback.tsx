import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '@pastebox/contract/limits';
import { IconArrowLeft, IconCloudOff, IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

/** One toast however often the page renders (React's strict mode mounts twice). */
const TOAST_ID = 'pwa-offline-page';

/**
 * SPEC §2 offline fallback: the page's code is not on this device and there is no network.
 * Offers home, back and retry, with a 3-second toast (SPEC §9).
 */
export function OfflineFallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    notifications.show({
      id: TOAST_ID,
      color: 'orange',
      icon: <IconCloudOff size={18} />,
      title: t('pwa.fallback.toastTitle'),
      message: t('pwa.fallback.toast'),
      autoClose: LIMITS.offlineToastMs,
      // Mantine's toast has an unnamed close button and grey-6 text (3.3:1): both fail
      // WCAG AA, so it gets a name and the theme's readable dimmed colour.
      closeButtonProps: { 'aria-label': t('common.close') },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    });
  }, [t]);

  // A page opened directly has nowhere to go back to within the app.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <Stack align="center" gap="md" py="xl" px="md" ta="center" maw={520} mx="auto">
      <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
        <IconCloudOff size={34} stroke={1.5} />
      </ThemeIcon>
      <Title order={2}>{t('pwa.fallback.title')}</Title>
      <Text c="dimmed">{t('pwa.fallback.body')}</Text>
      <Group justify="center" gap="sm">
        <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
          {t('pwa.fallback.home')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void goBack()}
        >
          {t('pwa.fallback.back')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => window.location.reload()}
        >
          {t('pwa.fallback.retry')}
        </Button>
      </Group>
    </Stack>
  );
}
