import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DashboardActivityDay } from '@pastebox/contract/schemas/dashboard';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityChartType } from './ActivityChart';
import classes from './dashboard.module.css';

/** recharts loads with the first chart, not with the admin panel (DESIGN §9). */
const ActivityChart = lazy(() =>
  import('./ActivityChart').then((module) => ({ default: module.ActivityChart })),
);

/** The 7-day activity of new pastes and files, as bars or lines (SPEC §2). */
export function ActivityCard({ days }: { days: DashboardActivityDay[] }) {
  const { t } = useTranslation();
  const [type, setType] = useState<ActivityChartType>('bar');
  const pastes = days.reduce((sum, day) => sum + day.pastes, 0);
  const files = days.reduce((sum, day) => sum + day.files, 0);
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('dashboard.activity.title')}
            </Title>
            <Text size="sm" className={classes.secondary}>
              {t('dashboard.activity.summary', { pastes, files })}
            </Text>
          </Stack>
          <SegmentedControl
            size="xs"
            aria-label={t('dashboard.activity.chartType')}
            value={type}
            onChange={(value) => setType(value === 'line' ? 'line' : 'bar')}
            data={[
              { value: 'bar', label: t('dashboard.activity.bar') },
              { value: 'line', label: t('dashboard.activity.line') },
            ]}
          />
        </Group>
        <Suspense fallback={<Skeleton h={260} radius="md" aria-label={t('common.loading')} />}>
          <ActivityChart days={days} type={type} />
        </Suspense>
      </Stack>
    </Paper>
  );
}
