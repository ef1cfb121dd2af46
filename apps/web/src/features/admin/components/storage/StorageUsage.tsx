import { Progress, Stack, Text } from '@mantine/core';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';

/** Used bytes, and against a capacity a bar that turns orange then red as it fills. */
export function StorageUsage({ config }: { config: StorageConfigItem }) {
  const { t } = useTranslation();
  const total = config.total_storage_bytes;
  if (total === null) {
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('storage.usedOfUnlimited', { used: formatBytes(config.used_bytes) })}
      </Text>
    );
  }
  const percent = Math.min(100, (config.used_bytes / total) * 100);
  const color = percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'teal';
  const label = t('storage.usedOf', {
    used: formatBytes(config.used_bytes),
    total: formatBytes(total),
  });
  return (
    <Stack gap={4} miw={150}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Progress value={percent} color={color} size="sm" aria-label={label} />
    </Stack>
  );
}
