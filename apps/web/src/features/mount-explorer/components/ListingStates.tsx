import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { parentOf } from '@pastebox/contract/rules/virtual-path';
import {
  IconAlertTriangle,
  IconFolderOff,
  IconFolderOpen,
  IconLock,
  IconSearch,
  IconServer2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppError } from '@/lib/api-client';
import { OfflineFallback } from '@/components/OfflineFallback';
import { errorMessage } from '@/lib/error-message';
import { isUnavailableOffline } from '@/lib/offline/unavailable-offline';
import { explorerUrl } from '@/features/mount-explorer/lib/explorer-paths';
import type { ViewMode } from '@/features/mount-explorer/hooks/use-explorer-prefs';
import { MUTED_TEXT } from '@/lib/entry-colors';

/** Rows (or cards) of grey while the folder loads, shaped like what comes. */
export function ListingSkeleton({ view }: { view: ViewMode }) {
  const { t } = useTranslation();
  if (view === 'grid') {
    return (
      <Group gap="md" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} width={150} height={150} radius="md" />
        ))}
      </Group>
    );
  }
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: 6 }, (_, index) => (
        <Group key={index} gap="sm" wrap="nowrap">
          <Skeleton width={22} height={22} radius="sm" />
          <Skeleton height={16} width={`${60 - index * 5}%`} />
        </Group>
      ))}
    </Stack>
  );
}

function StateFrame({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** An empty folder, or a root with no mount in it (the admin is shown where to add one). */
export function EmptyFolder({ root, admin }: { root: boolean; admin: boolean }) {
  const { t } = useTranslation();
  if (root) {
    return (
      <StateFrame icon={<IconServer2 size={28} />} title={t('explorer.states.emptyRootTitle')}>
        <Text size="sm" c={MUTED_TEXT}>
          {admin ? t('explorer.states.emptyRootHintAdmin') : t('explorer.states.emptyRootHint')}
        </Text>
        {admin && (
          <Button component={Link} to="/admin/mount-management" size="xs" variant="light">
            {t('explorer.states.mountManagement')}
          </Button>
        )}
      </StateFrame>
    );
  }
  return (
    <StateFrame icon={<IconFolderOpen size={28} />} title={t('explorer.states.emptyTitle')}>
      <Text size="sm" c={MUTED_TEXT}>
        {t('explorer.states.emptyHint')}
      </Text>
    </StateFrame>
  );
}

/** The search left nothing of this folder. */
export function NoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <StateFrame icon={<IconSearch size={28} />} title={t('explorer.search.noMatch', { query })}>
      <Button size="xs" variant="light" onClick={onClear}>
        {t('explorer.search.clear')}
      </Button>
    </StateFrame>
  );
}

const NOT_FOUND = new Set(['PATH_NOT_FOUND', 'MOUNT_NOT_FOUND', 'NOT_FOUND']);
const FORBIDDEN = new Set(['PATH_FORBIDDEN', 'MOUNT_PERMISSION_REQUIRED', 'FORBIDDEN']);

/**
 * Why the folder did not open: missing, not ours, never opened on this device and asked
 * for offline, or a failure worth retrying.
 */
export function ListingError(props: {
  error: unknown;
  folder: string;
  base: string;
  onRetry: () => void;
}) {
  const { error, folder, base, onRetry } = props;
  const { t } = useTranslation();
  if (isUnavailableOffline(error)) {
    return <OfflineFallback />;
  }
  const key = error instanceof AppError ? error.key : null;
  const up = folder === base ? null : parentOf(folder);
  const ways = (
    <Group gap="xs" justify="center">
      {up !== null && (
        <Button component={Link} to={explorerUrl(up)} size="xs" variant="default">
          {t('explorer.states.toParent')}
        </Button>
      )}
      <Button component={Link} to={explorerUrl(base)} size="xs" variant="light">
        {base === '/' ? t('explorer.states.toRoot') : t('explorer.states.toBase')}
      </Button>
    </Group>
  );
  if (key !== null && NOT_FOUND.has(key)) {
    return (
      <StateFrame icon={<IconFolderOff size={28} />} title={t('explorer.states.notFoundTitle')}>
        <Text size="sm" c={MUTED_TEXT}>
          {t('explorer.states.notFoundBody')}
        </Text>
        {ways}
      </StateFrame>
    );
  }
  if (key !== null && FORBIDDEN.has(key)) {
    return (
      <StateFrame icon={<IconLock size={28} />} title={t('explorer.states.forbiddenTitle')}>
        <Text size="sm" c={MUTED_TEXT}>
          {t('explorer.states.forbiddenBody')}
        </Text>
        {ways}
      </StateFrame>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={20} />}
      title={t('explorer.states.failedTitle')}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(t, error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
