import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { SessionItem } from '@pastebox/contract/schemas/account';
import { IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useEndSessions, useSessions } from '@/features/admin/api/account-sessions';
import { deviceLabel, SessionRow } from './SessionRow';

/**
 * The account's sessions (issue 32): where it is signed in, with this device marked; each
 * other one can be ended, or all of them at once. Both ask first: ending a session signs
 * that device out at once.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const { endOne, endOthers } = useEndSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: t('account.sessions.endFailed'),
      message: errorMessage(t, error),
    });

  const confirmEnd = (session: SessionItem) =>
    modals.openConfirmModal({
      title: t('account.sessions.endTitle'),
      children: (
        <Text size="sm">
          {t('account.sessions.endConfirm', {
            device: deviceLabel(t, session.userAgent),
            address: session.ip ?? t('account.sessions.unknownAddress'),
          })}
        </Text>
      ),
      labels: { confirm: t('account.sessions.end'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        endOne.mutate(session.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('account.sessions.ended') }),
          onError: failed,
        }),
    });

  const confirmEndOthers = () =>
    modals.openConfirmModal({
      title: t('account.sessions.endOthersTitle'),
      children: <Text size="sm">{t('account.sessions.endOthersConfirm')}</Text>,
      labels: { confirm: t('account.sessions.endOthers'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        endOthers.mutate(undefined, {
          onSuccess: ({ ended }) =>
            notifications.show({
              color: 'green',
              message: t('account.sessions.endedOthers', { count: ended }),
            }),
          onError: failed,
        }),
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={960}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
            <Title order={2} size="h4">
              {t('account.sessions.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('account.sessions.description')}
            </Text>
          </Stack>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout2 size={16} />}
            disabled={others === 0}
            loading={endOthers.isPending}
            onClick={confirmEndOthers}
          >
            {t('account.sessions.endOthers')}
          </Button>
        </Group>
        <SessionsBody
          sessions={sessions}
          onEnd={confirmEnd}
          endingId={endOne.isPending ? endOne.variables : undefined}
        />
      </Stack>
    </Paper>
  );
}

function SessionsBody({
  sessions,
  onEnd,
  endingId,
}: {
  sessions: ReturnType<typeof useSessions>;
  onEnd: (session: SessionItem) => void;
  endingId: string | undefined;
}) {
  const { t } = useTranslation();
  if (sessions.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (sessions.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('account.sessions.loadFailed')}>
        {errorMessage(t, sessions.error)}
      </Alert>
    );
  }
  if (sessions.data.length === 0) {
    return (
      <Stack align="center" gap={4} py="lg">
        <Text fw={600}>{t('account.sessions.emptyTitle')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('account.sessions.emptyHint')}
        </Text>
      </Stack>
    );
  }
  // This device first, then the most recently used.
  const ordered = [...sessions.data].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      (b.lastUsedAt ?? b.createdAt).localeCompare(a.lastUsedAt ?? a.createdAt),
  );
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {ordered.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            onEnd={onEnd}
            ending={endingId === session.id}
          />
        ))}
      </Stack>
      {ordered.length === 1 && ordered[0]?.current && (
        <Text size="sm" c="dimmed">
          {t('account.sessions.onlyThis')}
        </Text>
      )}
    </Stack>
  );
}
