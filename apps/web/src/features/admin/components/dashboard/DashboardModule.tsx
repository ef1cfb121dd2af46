import { Button, Grid, Stack } from '@mantine/core';
import type { DashboardStats } from '@pastebox/contract/schemas/dashboard';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDashboardStats } from '@/features/admin/api/get-dashboard-stats';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { ListErrorAlert } from '@/features/admin/components/shared/ListFrame';
import { ActivityCard } from './ActivityCard';
import { DashboardEmpty } from './DashboardEmpty';
import { DashboardSkeleton } from './DashboardSkeleton';
import { RecentCard } from './RecentCard';
import { StatCards } from './StatCards';
import { StorageCard } from './StorageCard';

/** The loaded dashboard: totals, then activity beside storage, then the newest shares. */
function DashboardBody({ stats }: { stats: DashboardStats }) {
  const freshInstall = stats.totals.pastes === 0 && stats.totals.files === 0;
  return (
    <Stack gap="md">
      <StatCards stats={stats} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {freshInstall ? <DashboardEmpty /> : <ActivityCard days={stats.activity} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <StorageCard storage={stats.storage} />
        </Grid.Col>
      </Grid>
      {stats.recent.length > 0 && <RecentCard items={stats.recent} />}
    </Stack>
  );
}

/** dashboard (admin only, the panel's landing module, SPEC §2). */
export function DashboardModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  const refresh = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      loading={stats.isFetching}
      onClick={() => void stats.refetch()}
    >
      {t('common.refresh')}
    </Button>
  );
  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('dashboard.description')} actions={refresh} />
      {stats.isError && <ListErrorAlert error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.data ? <DashboardBody stats={stats.data} /> : stats.isPending && <DashboardSkeleton />}
    </Stack>
  );
}
