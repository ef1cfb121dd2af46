import { Anchor, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Name with the remark under it. */
export function MountName({ mount }: { mount: MountItem }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate title={mount.name}>
        {mount.name}
      </Text>
      {mount.remark && (
        <Text size="xs" c="dimmed" lineClamp={2} title={mount.remark}>
          {mount.remark}
        </Text>
      )}
    </Stack>
  );
}

/** The mount path, opening it in the explorer. */
export function MountPath({ mount }: { mount: MountItem }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={`/mount-explorer${mount.mount_path}`}
      size="sm"
      ff="monospace"
      title={t('mounts.openInExplorer', { path: mount.mount_path })}
      style={{ overflowWrap: 'anywhere' }}
    >
      {mount.mount_path}
    </Anchor>
  );
}

/** The storage config behind it, with its kind. */
export function MountStorage({ mount }: { mount: MountItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Badge
        size="sm"
        variant="light"
        color={mount.storage_type === 'local' ? 'gray' : 'blue'}
        style={{ flexShrink: 0 }}
      >
        {t(`mounts.storageTypes.${mount.storage_type}`)}
      </Badge>
      <Text size="sm" truncate title={mount.storage_config_name ?? undefined}>
        {mount.storage_config_name ?? t('mounts.storageMissing')}
      </Text>
    </Group>
  );
}

interface MountStatusProps {
  mount: MountItem;
  /** Absent for a key user: the status is shown, not switchable (SPEC §6). */
  onToggle?: (mount: MountItem, active: boolean) => void;
  busy?: boolean;
}

/** Active or not: a switch for the admin, a badge for everyone else. */
export function MountStatus({ mount, onToggle, busy }: MountStatusProps) {
  const { t } = useTranslation();
  const label = mount.is_active ? t('mounts.active') : t('mounts.inactive');
  if (!onToggle) {
    return (
      <Badge size="sm" variant="light" color={mount.is_active ? 'green' : 'gray'}>
        {label}
      </Badge>
    );
  }
  return (
    <Switch
      size="sm"
      checked={mount.is_active}
      disabled={busy}
      label={label}
      aria-label={t('mounts.toggleActive', { name: mount.name })}
      onChange={(event) => onToggle(mount, event.currentTarget.checked)}
    />
  );
}

/** "300 s" or "No cache". */
export function MountCacheTtl({ mount }: { mount: MountItem }) {
  const { t } = useTranslation();
  return (
    <Text
      size="sm"
      c={mount.cache_ttl === 0 ? 'dimmed' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {mount.cache_ttl === 0
        ? t('mounts.noCache')
        : t('mounts.ttlSeconds', { count: mount.cache_ttl })}
    </Text>
  );
}
