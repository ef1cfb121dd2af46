import { Badge, Group, Stack, Text } from '@mantine/core';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { configDisplayName } from '@/lib/storage-display-name';

/** Name (the built-in one in the UI language) with the default badge, and what it points at: bucket@endpoint or the directory. */
export function StorageName({ config }: { config: StorageConfigItem }) {
  const { t } = useTranslation();
  const name = configDisplayName(t, config);
  const target =
    config.storage_type === 'local'
      ? config.root_path || t('storage.localDefaultRoot')
      : [config.bucket_name, config.endpoint_url ?? config.region].filter(Boolean).join(' @ ');
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate title={name}>
          {name}
        </Text>
        {config.is_default && (
          <Badge size="sm" variant="light" color="yellow" style={{ flexShrink: 0 }}>
            {t('storage.default')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" ff="monospace" truncate title={target}>
        {target}
      </Text>
    </Stack>
  );
}
