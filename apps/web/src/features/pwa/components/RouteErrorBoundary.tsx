import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { OfflineFallback } from '@/components/OfflineFallback';
import { isChunkLoadError } from '../chunk-error';

/**
 * The routes' error element. A page whose code could not be downloaded while offline gets
 * the offline fallback (SPEC §2); any other failure a generic screen with retry.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // Decided when the error happened: coming back online does not turn it into another screen.
  const [offline] = useState(() => !navigator.onLine);
  if (offline && isChunkLoadError(error)) {
    return <OfflineFallback />;
  }
  return <RouteErrorScreen />;
}

function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" px="md" ta="center" maw={520} mx="auto" role="alert">
      <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
        <IconAlertTriangle size={34} stroke={1.5} />
      </ThemeIcon>
      <Title order={2}>{t('pwa.error.title')}</Title>
      <Text c="dimmed">{t('pwa.error.body')}</Text>
      <Group justify="center" gap="sm">
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('pwa.error.retry')}
        </Button>
        <Button
          component={Link}
          to="/"
          reloadDocument
          variant="default"
          leftSection={<IconHome size={16} />}
        >
          {t('pwa.error.home')}
        </Button>
      </Group>
    </Stack>
  );
}
