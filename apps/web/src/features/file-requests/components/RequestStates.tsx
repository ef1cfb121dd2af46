import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicFileRequest } from '@pastebox/contract/schemas/file-request';
import { IconClockX, IconHome, IconInboxOff, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShareErrorState, type ShareStateTexts } from '@/components/ShareErrorState';
import { AppError } from '@/lib/api-client';

type ClosedState = Exclude<PublicFileRequest['state'], 'open'>;

const STATE_ICONS: Record<ClosedState, ReactNode> = {
  closed: <IconLock size={28} />,
  expired: <IconClockX size={28} />,
  full: <IconInboxOff size={28} />,
};

/** Refusals of /open or of an upload that mean the request takes nothing more. */
const STATE_OF_ERROR: Record<string, ClosedState> = {
  REQUEST_CLOSED: 'closed',
  SHARE_EXPIRED: 'expired',
  VIEW_LIMIT_REACHED: 'expired',
  REQUEST_LIMIT_REACHED: 'full',
};

/** The closed state an error stands for, if it is one. */
export function closedStateOf(error: unknown): ClosedState | null {
  return error instanceof AppError && error.key ? (STATE_OF_ERROR[error.key] ?? null) : null;
}

/** Closed by its owner, expired, or full: nothing more can be sent, and it says why. */
export function RequestStateCard({ state, title }: { state: ClosedState; title?: string }) {
  const { t } = useTranslation();
  return (
    <Center py={{ base: 'md', sm: 60 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} role="alert">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            {STATE_ICONS[state]}
          </ThemeIcon>
          <Title order={3}>{t(`fileRequests.public.state.${state}Title`)}</Title>
          {title && (
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          )}
          <Text c="dimmed">{t(`fileRequests.public.state.${state}Body`)}</Text>
          <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={16} />}>
            {t('common.backHome')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Not found, or any failure to read the request (SharePageErrorState's pattern). */
export function RequestErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const closed = closedStateOf(error);
  if (closed) {
    return <RequestStateCard state={closed} />;
  }
  const texts: ShareStateTexts = {
    notFoundTitle: t('fileRequests.public.state.notFoundTitle'),
    notFoundBody: t('fileRequests.public.state.notFoundBody'),
    expiredTitle: t('fileRequests.public.state.expiredTitle'),
    expiredBody: t('fileRequests.public.state.expiredBody'),
    viewLimitTitle: t('fileRequests.public.state.expiredTitle'),
    viewLimitBody: t('fileRequests.public.state.expiredBody'),
    errorTitle: t('fileRequests.public.state.errorTitle'),
  };
  return (
    <ShareErrorState
      error={error}
      onRetry={onRetry}
      texts={texts}
      notFoundKeys={['REQUEST_NOT_FOUND', 'NOT_FOUND']}
    />
  );
}
