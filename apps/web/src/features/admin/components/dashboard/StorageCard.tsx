import {
  Badge,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { DashboardStorageUsage } from '@pastebox/contract/schemas/dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storageDisplayName } from '@/lib/storage-display-name';
import { formatBytes } from '@/lib/uploader/format';
import classes from './dashboard.module.css';
import { formatCount, formatPercent } from './dashboard-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" className={classes.secondary}>
        {label}
      </Text>
      <Text fw={600} className={classes.statValue}>
        {value}
      </Text>
    </Stack>
  );
}

/** One config's usage: used bytes, capacity, a bar when there is a capacity, file count. */
function StorageUsageDetails({ usage }: { usage: DashboardStorageUsage }) {
  const { t, i18n } = useTranslation();
  const capacity = usage.capacity_bytes;
  const percent = capacity === null ? null : Math.min(100, (usage.used_bytes / capacity) * 100);
  const percentLabel =
    percent === null
      ? ''
      : t('dashboard.storage.percent', { percent: formatPercent(percent, i18n.language) });
  const color =
    percent === null ? 'teal' : percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'teal';
  return (
    <Stack gap="sm">
      <Group gap={6}>
        <Badge variant="light" color={usage.provider_type === 'local' ? 'gray' : 'blue'} size="sm">
          {t(`storage.providers.${usage.provider_type}`)}
        </Badge>
        {usage.is_default && (
          <Badge variant="light" color="teal" size="sm">
            {t('dashboard.storage.default')}
          </Badge>
        )}
      </Group>
      <Text size="sm" className={classes.secondary} style={{ overflowWrap: 'anywhere' }}>
        {usage.bucket_name
          ? t('dashboard.storage.bucket', { name: usage.bucket_name })
          : t('dashboard.storage.localDisk')}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label={t('dashboard.storage.used')} value={formatBytes(usage.used_bytes)} />
        <Figure
          label={t('dashboard.storage.capacity')}
          value={capacity === null ? t('dashboard.storage.unlimited') : formatBytes(capacity)}
        />
        <Figure
          label={t('dashboard.storage.files')}
          value={formatCount(usage.file_count, i18n.language)}
        />
      </SimpleGrid>
      {percent !== null && (
        <Stack gap={4}>
          <Progress value={percent} color={color} size="md" aria-label={percentLabel} />
          <Text size="xs" className={classes.secondary}>
            {percentLabel}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** Storage usage per config, one at a time through the bucket selector (SPEC §2). */
export function StorageCard({ storage }: { storage: DashboardStorageUsage[] }) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The default config comes first; a selection that vanished on refetch falls back to it.
  const selected = storage.find((usage) => usage.config_id === selectedId) ?? storage[0];
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('dashboard.storage.title')}
        </Title>
        {selected ? (
          <>
            <Select
              label={t('dashboard.storage.select')}
              data={storage.map((usage) => ({
                value: usage.config_id,
                label: storageDisplayName(t, {
                  name: usage.name,
                  local: usage.provider_type === 'local',
                }),
              }))}
              value={selected.config_id}
              onChange={(value) => value && setSelectedId(value)}
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ withinPortal: true }}
            />
            <StorageUsageDetails usage={selected} />
          </>
        ) : (
          <Text size="sm" className={classes.secondary}>
            {t('dashboard.storage.none')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
