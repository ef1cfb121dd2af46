import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { DashboardStats } from '@pastebox/contract/schemas/dashboard';
import {
  IconCloudCog,
  IconEye,
  IconFileText,
  IconFiles,
  IconFolders,
  IconKey,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { formatCount } from './dashboard-format';

interface StatCardProps {
  label: string;
  value: number;
  icon: Icon;
  color: string;
  /** A line under the number: today's additions, or what is counted. */
  note?: string;
}

function StatCard({ label, value, icon: StatIcon, color, note }: StatCardProps) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} className={classes.secondary}>
            {label}
          </Text>
          <Text fz={28} fw={700} className={classes.statValue} data-testid="stat-value">
            {formatCount(value, i18n.language)}
          </Text>
          {note && (
            <Text size="xs" className={classes.secondary}>
              {note}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden>
          <StatIcon size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The six totals; pastes and files also say how many arrived today (UTC). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t, i18n } = useTranslation();
  const today = (count: number) =>
    t('dashboard.stats.today', { value: formatCount(count, i18n.language) });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <StatCard
        label={t('dashboard.stats.pastes')}
        value={stats.totals.pastes}
        icon={IconFileText}
        color="blue"
        note={today(stats.today.pastes)}
      />
      <StatCard
        label={t('dashboard.stats.files')}
        value={stats.totals.files}
        icon={IconFiles}
        color="teal"
        note={today(stats.today.files)}
      />
      <StatCard
        label={t('dashboard.stats.views')}
        value={stats.totals.views}
        icon={IconEye}
        color="grape"
        note={t('dashboard.stats.viewsNote')}
      />
      <StatCard
        label={t('dashboard.stats.apiKeys')}
        value={stats.totals.api_keys}
        icon={IconKey}
        color="orange"
      />
      <StatCard
        label={t('dashboard.stats.mounts')}
        value={stats.totals.mounts}
        icon={IconFolders}
        color="indigo"
      />
      <StatCard
        label={t('dashboard.stats.storageConfigs')}
        value={stats.totals.storage_configs}
        icon={IconCloudCog}
        color="cyan"
      />
    </SimpleGrid>
  );
}
