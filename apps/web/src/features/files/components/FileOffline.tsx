import { Alert, Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudOff, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Above a file share shown from the offline copy (SPEC §4): its details are on this device,
 * but its preview and download links need the server — say so instead of a broken image
 * and a Download that fails. Online again (the server did not answer, or the network is
 * back), it offers to load the share afresh.
 */
export function FileOfflineNote({ online, onRetry }: { online: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={online ? <IconCloudOff size={20} /> : <IconWifiOff size={20} />}
      title={online ? t('file.offline.copyTitle') : t('file.offline.offlineTitle')}
      data-testid="file-offline-note"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('file.offline.body')}</Text>
        {online && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {t('file.offline.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Where the preview would be: it needs the network. */
export function OfflinePreview() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconCloudOff size={26} />
        </ThemeIcon>
        <Text c="dimmed" size="sm">
          {t('file.offline.preview')}
        </Text>
      </Stack>
    </Center>
  );
}
