import { Alert, Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { errorMessage } from '@/lib/error-message';

/** Why the list could not be read, with a retry. */
export function ListErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(t, error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

interface ListFrameProps {
  pending: boolean;
  count: number;
  /** Shown when the list is empty. */
  empty: ReactNode;
  children: ReactNode;
}

/** The list's box: a spinner while loading, the empty state, or the rows (cards on phones). */
export function ListFrame({ pending, count, empty, children }: ListFrameProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Paper withBorder={!isPhone || count === 0} radius="md">
      {pending ? (
        <Center py={60}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : count === 0 ? (
        empty
      ) : (
        children
      )}
    </Paper>
  );
}
