import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { DashboardRecentItem } from '@pastebox/contract/schemas/dashboard';
import { IconFile, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/features/admin/utils/format';
import classes from './dashboard.module.css';

/**
 * One share: its name (the file name or the paste's remark, else its link) as the link,
 * and beneath it what it is and when it was made, never the link a second time (issue 30).
 */
function RecentRow({ item }: { item: DashboardRecentItem }) {
  const { t, i18n } = useTranslation();
  const path = `/${item.kind}/${item.slug}`;
  const RowIcon = item.kind === 'paste' ? IconFileText : IconFile;
  return (
    <Group gap="sm" wrap="nowrap" component="li">
      <ThemeIcon
        variant="light"
        color={item.kind === 'paste' ? 'blue' : 'teal'}
        radius="md"
        aria-hidden
      >
        <RowIcon size={18} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Anchor component={Link} to={path} fw={500} size="sm" truncate="end">
          {item.label || path}
        </Anchor>
        <Text size="xs" className={classes.secondary} truncate="end">
          {t(`dashboard.recent.${item.kind}`)} ·{' '}
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, i18n.language)}</time>
        </Text>
      </Stack>
    </Group>
  );
}

/** The newest pastes and files, each linking to its share page. */
export function RecentCard({ items }: { items: DashboardRecentItem[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('dashboard.recent.title')}
        </Title>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <RecentRow key={`${item.kind}:${item.slug}`} item={item} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
