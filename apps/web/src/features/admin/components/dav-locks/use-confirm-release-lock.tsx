import { Code, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { DavLockItem } from '@pastebox/contract/schemas/dav-lock';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useReleaseDavLock } from '@/features/admin/api/release-dav-lock';
import { holderPhrase } from './DavLockParts';

/**
 * Releasing a lock, confirmed first: the holder's client keeps working as if it held the
 * lock and is refused at its next write, so the admin should mean it. Returns the opener
 * and the token being released.
 */
export function useConfirmReleaseLock() {
  const { t } = useTranslation();
  const release = useReleaseDavLock();
  // Mantine's close buttons have no name of their own (axe: button-name).
  const closeButtonProps = { 'aria-label': t('common.close') };
  const confirm = (lock: DavLockItem) =>
    modals.openConfirmModal({
      title: t('davLocks.releaseTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('davLocks.releaseConfirm', { holder: holderPhrase(t, lock) })}</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {lock.root}
          </Code>
        </Stack>
      ),
      labels: { confirm: t('davLocks.release'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps,
      onConfirm: () =>
        release.mutate(lock.token, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('davLocks.released', { path: lock.root }),
              closeButtonProps,
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('davLocks.releaseFailed'),
              message: errorMessage(t, error),
              closeButtonProps,
            }),
        }),
    });
  return { confirm, releasing: release.isPending ? (release.variables ?? null) : null };
}
