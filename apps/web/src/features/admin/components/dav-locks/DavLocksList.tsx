import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { DavLockItem } from '@pastebox/contract/schemas/dav-lock';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { useNow } from '@/features/admin/hooks/use-now';
import {
  LockDepth,
  LockExpiry,
  LockHolder,
  LockPath,
  LockScope,
  ReleaseButton,
} from './DavLockParts';

/** How often "in 5 minutes" is said again. */
const CLOCK_TICK_MS = 15_000;

export interface DavLocksListProps {
  items: DavLockItem[];
  onRelease: (lock: DavLockItem) => void;
  /** The token of the lock being released, if any. */
  releasing: string | null;
}

/** Every active lock: a table on wide screens, cards on phones. */
export function DavLocksList(props: DavLocksListProps) {
  const isPhone = useIsPhone();
  const now = useNow(CLOCK_TICK_MS);
  return isPhone ? <LockCards {...props} now={now} /> : <LockTable {...props} now={now} />;
}

type WithNow = DavLocksListProps & { now: number };

function LockCards({ items, onRelease, releasing, now }: WithNow) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {items.map((lock) => (
        <Paper
          key={lock.token}
          withBorder
          radius="md"
          p="sm"
          component="article"
          aria-label={lock.root}
        >
          <Stack gap="xs">
            <LockPath lock={lock} />
            <Group gap="xs" wrap="wrap">
              <LockScope lock={lock} />
              <LockDepth lock={lock} />
            </Group>
            <Field label={t('davLocks.columns.holder')}>
              <LockHolder lock={lock} />
            </Field>
            <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
              <Field label={t('davLocks.columns.expires')}>
                <LockExpiry lock={lock} now={now} />
              </Field>
              <ReleaseButton lock={lock} onRelease={onRelease} busy={releasing === lock.token} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function LockTable({ items, onRelease, releasing, now }: WithNow) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('davLocks.columns.path')}</Table.Th>
            <Table.Th>{t('davLocks.columns.scope')}</Table.Th>
            <Table.Th>{t('davLocks.columns.depth')}</Table.Th>
            <Table.Th>{t('davLocks.columns.holder')}</Table.Th>
            <Table.Th>{t('davLocks.columns.expires')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((lock) => (
            <Table.Tr key={lock.token}>
              <Table.Td maw={320}>
                <LockPath lock={lock} />
              </Table.Td>
              <Table.Td>
                <LockScope lock={lock} />
              </Table.Td>
              <Table.Td>
                <LockDepth lock={lock} />
              </Table.Td>
              <Table.Td maw={240}>
                <LockHolder lock={lock} />
              </Table.Td>
              <Table.Td>
                <LockExpiry lock={lock} now={now} />
              </Table.Td>
              <Table.Td ta="right">
                <ReleaseButton lock={lock} onRelease={onRelease} busy={releasing === lock.token} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
