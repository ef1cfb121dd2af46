import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clearOfflineCache,
  OFFLINE_CACHE_STATS_KEY,
  offlineCacheStats,
} from '@/lib/offline/cache-stats';
import { formatBytes } from '@/lib/uploader/format';
import { SettingsCard } from './SettingsCard';

/** "Works offline": what the offline copy holds on this device, and a way to empty it. */
export function OfflineDataCard() {
  const { t } = useTranslation();
  // Always measured afresh: the copy grows with every answer the app receives.
  const query = useQuery({
    queryKey: OFFLINE_CACHE_STATS_KEY,
    queryFn: offlineCacheStats,
    staleTime: 0,
    gcTime: 0,
  });
  const stats = query.data ?? null;
  const [clearing, setClearing] = useState(false);

  const clear = async () => {
    setClearing(true);
    try {
      await clearOfflineCache();
      notifications.show({ color: 'green', message: t('offline.cleared') });
    } catch {
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: t('offline.clearFailed'),
      });
    } finally {
      setClearing(false);
      await query.refetch();
    }
  };

  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('offline.clearTitle'),
      children: <Text size="sm">{t('offline.clearConfirm')}</Text>,
      labels: { confirm: t('offline.clear'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void clear(),
    });

  const summary =
    stats === null
      ? t('common.loading')
      : stats.available
        ? t('offline.summary', { count: stats.entries, size: formatBytes(stats.bytes) })
        : t('offline.unavailable');

  return (
    <SettingsCard title={t('offline.title')} description={t('offline.description')}>
      <Group justify="space-between" align="center" gap="md">
        <Text size="sm" data-testid="offline-cache-summary" aria-live="polite">
          {summary}
        </Text>
        <Button
          variant="light"
          color="red"
          onClick={confirmClear}
          loading={clearing}
          disabled={!stats?.available || stats.entries === 0}
        >
          {t('offline.clear')}
        </Button>
      </Group>
    </SettingsCard>
  );
}
