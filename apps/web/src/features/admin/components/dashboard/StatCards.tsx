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

/** One card of the row: its words under dashboard.stats, its total, and its look. */
interface StatCardSpec {
  labelKey: 'pastes' | 'files' | 'views' | 'apiKeys' | 'mounts' | 'storageConfigs';
  total: keyof DashboardStats['totals'];
  icon: Icon;
  color: string;
  /** The line under the number says how many of these arrived today. */
  today?: keyof DashboardStats['today'];
  /** Or it says what is counted (a key under dashboard.stats). */
  noteKey?: 'viewsNote';
}

/** The six totals, in their order on the screen. */
const STAT_CARDS: StatCardSpec[] = [
  { labelKey: 'pastes', total: 'pastes', icon: IconFileText, color: 'blue', today: 'pastes' },
  { labelKey: 'files', total: 'files', icon: IconFiles, color: 'teal', today: 'files' },
  { labelKey: 'views', total: 'views', icon: IconEye, color: 'grape', noteKey: 'viewsNote' },
  { labelKey: 'apiKeys', total: 'api_keys', icon: IconKey, color: 'orange' },
  { labelKey: 'mounts', total: 'mounts', icon: IconFolders, color: 'indigo' },
  { labelKey: 'storageConfigs', total: 'storage_configs', icon: IconCloudCog, color: 'cyan' },
];

/** The six totals; pastes and files also say how many arrived today (UTC). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t, i18n } = useTranslation();
  const noteOf = ({ today, noteKey }: StatCardSpec) => {
    if (today) {
      return t('dashboard.stats.today', {
        value: formatCount(stats.today[today], i18n.language),
      });
    }
    return noteKey ? t(`dashboard.stats.${noteKey}`) : undefined;
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {STAT_CARDS.map((spec) => (
        <StatCard
          key={spec.total}
          label={t(`dashboard.stats.${spec.labelKey}`)}
          value={stats.totals[spec.total]}
          icon={spec.icon}
          color={spec.color}
          note={noteOf(spec)}
        />
      ))}
    </SimpleGrid>
  );
}
