import { Badge, Button, Code, Stack, Text } from '@mantine/core';
import type { DavLockItem } from '@pastebox/contract/schemas/dav-lock';
import { IconLockOpen } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/features/admin/utils/format';
import { formatRelativeTime } from '@/features/admin/utils/relative-time';
import { ownerNote } from './owner-note';

/** Who holds a lock, in words: the admin, a key by name, or a key since deleted. */
export function holderName(t: TFunction, lock: DavLockItem): string {
  if (lock.owner.kind === 'admin') {
    return t('davLocks.holderAdmin');
  }
  return lock.owner.key_name === null
    ? t('davLocks.holderDeletedKey')
    : t('davLocks.holderKey', { name: lock.owner.key_name });
}

/** The holder inside a sentence: "the administrator", "the key “CI bot”". */
export function holderPhrase(t: TFunction, lock: DavLockItem): string {
  if (lock.owner.kind === 'admin') {
    return t('davLocks.holderPhrase.admin');
  }
  return lock.owner.key_name === null
    ? t('davLocks.holderPhrase.deletedKey')
    : t('davLocks.holderPhrase.key', { name: lock.owner.key_name });
}

/** The locked path, whole: two locks may differ only at their end. */
export function LockPath({ lock }: { lock: DavLockItem }) {
  return (
    <Code fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
      {lock.root}
    </Code>
  );
}

/** Exclusive (nobody else may lock or write) or shared (others may take shared locks too). */
export function LockScope({ lock }: { lock: DavLockItem }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color={lock.scope === 'exclusive' ? 'orange' : 'blue'}
      style={{ minWidth: 'max-content' }}
    >
      {t(`davLocks.scope.${lock.scope}`)}
    </Badge>
  );
}

/** Depth 0 holds the item alone; infinity holds a folder and everything below it. */
export function LockDepth({ lock }: { lock: DavLockItem }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {lock.depth === 'infinity' ? t('davLocks.depth.infinity') : t('davLocks.depth.zero')}
    </Text>
  );
}

/** The holder, and under it what the client wrote as the lock's owner, if anything. */
export function LockHolder({ lock }: { lock: DavLockItem }) {
  const { t } = useTranslation();
  const note = ownerNote(lock.owner_xml);
  const name = holderName(t, lock);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} truncate title={name}>
        {name}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {t('davLocks.clientOwner', { owner: note })}
        </Text>
      )}
    </Stack>
  );
}

/** "in 23 hours", the exact instant on hover; "Expired" once past (until the next refresh). */
export function LockExpiry({ lock, now }: { lock: DavLockItem; now: number }) {
  const { t, i18n } = useTranslation();
  const full = formatDateTime(lock.expires_at, i18n.language);
  const expired = new Date(lock.expires_at).getTime() <= now;
  return (
    <Text
      size="sm"
      component="time"
      dateTime={lock.expires_at}
      title={full}
      c={expired ? 'dimmed' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {expired ? t('davLocks.expired') : formatRelativeTime(lock.expires_at, now, i18n.language)}
    </Text>
  );
}

/** Release, named after the path it frees; it asks first. */
export function ReleaseButton({
  lock,
  onRelease,
  busy,
}: {
  lock: DavLockItem;
  onRelease: (lock: DavLockItem) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconLockOpen size={16} aria-hidden />}
      loading={busy}
      aria-label={t('davLocks.releaseLabel', { path: lock.root })}
      onClick={() => onRelease(lock)}
    >
      {t('davLocks.release')}
    </Button>
  );
}
