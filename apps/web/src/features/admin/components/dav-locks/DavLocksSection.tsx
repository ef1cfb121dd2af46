import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLockOff, IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDavLocks } from '@/features/admin/api/get-dav-locks';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { DavLocksList } from './DavLocksList';
import { useConfirmReleaseLock } from './use-confirm-release-lock';

/**
 * The admin's view of WebDAV locks, under the mounts they lie in (issue 29, DESIGN §5
 * "Storage trust"): every active lock, who holds it and until when, and a release for
 * each, so no client or key can keep the admin out of a path until its timeout.
 */
export function DavLocksSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const locks = useDavLocks();
  const { confirm, releasing } = useConfirmReleaseLock();
  const items = locks.data ?? [];
  // An error with nothing read yet is not "no locks": the alert alone says what happened.
  const unknown = locks.isError && locks.data === undefined;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Title order={2} size="h3" id={headingId}>
            {t('davLocks.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('davLocks.description')}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={locks.isRefetching}
          aria-label={t('davLocks.refresh')}
          onClick={() => void locks.refetch()}
        >
          {t('common.refresh')}
        </Button>
      </Group>
      {locks.isError && <ListErrorAlert error={locks.error} onRetry={() => void locks.refetch()} />}
      {!unknown && (
        <ListFrame pending={locks.isPending} count={items.length} empty={<DavLocksEmpty />}>
          <DavLocksList items={items} onRelease={confirm} releasing={releasing} />
        </ListFrame>
      )}
    </Stack>
  );
}

/** Nothing is locked: what would show here, and when. */
function DavLocksEmpty() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py={40} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconLockOff size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600} ta="center">
        {t('davLocks.emptyTitle')}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {t('davLocks.emptyHint')}
      </Text>
    </Stack>
  );
}
