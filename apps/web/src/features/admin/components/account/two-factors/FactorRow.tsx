import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/features/admin/utils/format';

interface NamedFactor {
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** One passkey or app password: its name, when it was added and last used, remove. */
export function FactorRow({
  item,
  removeLabel,
  removing,
  onRemove,
}: {
  item: NamedFactor;
  removeLabel: string;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm" truncate title={item.name}>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('account.twoFactors.added')} {when(item.created_at)} ·{' '}
            {t('account.twoFactors.lastUsed')}{' '}
            {item.last_used_at ? when(item.last_used_at) : t('account.twoFactors.neverUsed')}
          </Text>
        </Stack>
        <Tooltip label={removeLabel} withinPortal>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            loading={removing}
            aria-label={removeLabel}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
