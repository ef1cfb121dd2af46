import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { getThemeColor, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { DashboardActivityDay } from '@pastebox/contract/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { formatActivityDay, formatCount } from './dashboard-format';

export type ActivityChartType = 'bar' | 'line';

interface ActivityChartProps {
  days: DashboardActivityDay[];
  type: ActivityChartType;
}

const CHART_HEIGHT = 260;

/**
 * New pastes and files per day, as bars or lines. Loaded lazily (ActivityCard): recharts
 * is the heaviest part of the dashboard and no other admin module needs it.
 */
export function ActivityChart({ days, type }: ActivityChartProps) {
  const { t, i18n } = useTranslation();
  // Axis labels are small text: darker than Mantine's default `dimmed` to keep AA contrast.
  // Set as the chart's CSS variable rather than its `textColor` prop, which LineChart
  // (Mantine 8.3) also hands on to its root element, where React warns about it.
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const textColor = getThemeColor(scheme === 'dark' ? 'dark.1' : 'gray.7', theme);
  const data = days.map((day) => ({
    day: formatActivityDay(day.date, i18n.language),
    pastes: day.pastes,
    files: day.files,
  }));
  const series = [
    { name: 'pastes', label: t('dashboard.activity.pastes'), color: 'blue.6' },
    { name: 'files', label: t('dashboard.activity.files'), color: 'teal.7' },
  ];
  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey: 'day',
    series,
    withLegend: true,
    // Series order (pastes, then files), not recharts' alphabetical order of the labels.
    legendProps: { verticalAlign: 'bottom' as const, height: 40, itemSorter: null },
    style: { '--chart-text-color': textColor },
    tickLine: 'none' as const,
    yAxisProps: { allowDecimals: false, width: 40 },
    valueFormatter: (value: number) => formatCount(value, i18n.language),
    'data-chart-type': type,
  };
  return type === 'bar' ? (
    <BarChart {...common} maxBarWidth={28} />
  ) : (
    <LineChart {...common} curveType="monotone" strokeWidth={2.5} />
  );
}
