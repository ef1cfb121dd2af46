import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockX,
  IconEyeOff,
  IconFileUnknown,
  IconHome,
  IconRefresh,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { isUnavailableOffline } from '@/lib/offline/unavailable-offline';
import { OfflineFallback } from './OfflineFallback';

/** The words of the states, already translated by the feature that shows them. */
export interface ShareStateTexts {
  notFoundTitle: string;
  notFoundBody: string;
  expiredTitle: string;
  expiredBody: string;
  viewLimitTitle: string;
  viewLimitBody: string;
  errorTitle: string;
}

interface StateCopy {
  icon: ReactNode;
  title: string;
  body: string;
  color: string;
}

export interface ShareErrorStateProps {
  error: unknown;
  onRetry: () => void;
  texts: ShareStateTexts;
  /** Error keys that mean "this share does not exist" (PASTE_NOT_FOUND, FILE_NOT_FOUND…). */
  notFoundKeys: string[];
}

/**
 * Not found, expired, out of views, or any other failure of a shared paste or file — always
 * with a way home, and a retry only where retrying can help.
 */
export function ShareErrorState(props: ShareErrorStateProps) {
  // A share never opened on this device, asked for offline: not an error of the share.
  if (isUnavailableOffline(props.error)) {
    return <OfflineFallback />;
  }
  return <ShareRefusal {...props} />;
}

/** The kinds of share with a page of their own. */
export type SharePageKind = 'file' | 'paste' | 'bundle';

/** Where each kind's words live (`${namespace}.state`). */
const NAMESPACES = {
  file: 'file',
  paste: 'paste',
  bundle: 'bundles',
} as const satisfies Record<SharePageKind, string>;

/** Error keys that mean "this share does not exist", by kind. */
const NOT_FOUND_KEYS: Record<SharePageKind, string[]> = {
  file: ['FILE_NOT_FOUND', 'NOT_FOUND'],
  paste: ['PASTE_NOT_FOUND'],
  bundle: ['BUNDLE_NOT_FOUND', 'NOT_FOUND'],
};

/** The error state of a share's page (a file, a paste, a bundle), in the words of its kind. */
export function SharePageErrorState({
  kind,
  error,
  onRetry,
}: {
  kind: SharePageKind;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const words = `${NAMESPACES[kind]}.state` as const;
  const texts: ShareStateTexts = {
    notFoundTitle: t(`${words}.notFoundTitle`),
    notFoundBody: t(`${words}.notFoundBody`),
    expiredTitle: t(`${words}.expiredTitle`),
    expiredBody: t(`${words}.expiredBody`),
    viewLimitTitle: t(`${words}.viewLimitTitle`),
    viewLimitBody: t(`${words}.viewLimitBody`),
    errorTitle: t(`${words}.errorTitle`),
  };
  return (
    <ShareErrorState
      error={error}
      onRetry={onRetry}
      texts={texts}
      notFoundKeys={NOT_FOUND_KEYS[kind]}
    />
  );
}

function ShareRefusal({ error, onRetry, texts, notFoundKeys }: ShareErrorStateProps) {
  const { t } = useTranslation();
  const key = error instanceof AppError ? error.key : null;
  const notFound: StateCopy = {
    icon: <IconFileUnknown size={28} />,
    title: texts.notFoundTitle,
    body: texts.notFoundBody,
    color: 'gray',
  };
  const known: Record<string, StateCopy> = {
    ...Object.fromEntries(notFoundKeys.map((k) => [k, notFound])),
    SHARE_EXPIRED: {
      icon: <IconClockX size={28} />,
      title: texts.expiredTitle,
      body: texts.expiredBody,
      color: 'orange',
    },
    VIEW_LIMIT_REACHED: {
      icon: <IconEyeOff size={28} />,
      title: texts.viewLimitTitle,
      body: texts.viewLimitBody,
      color: 'orange',
    },
  };
  const copy: StateCopy = (key && known[key]) || {
    icon: <IconAlertTriangle size={28} />,
    title: texts.errorTitle,
    body: errorMessage(t, error),
    color: 'red',
  };
  const retryable = !key || !(key in known);

  return (
    <Center py={{ base: 'md', sm: 60 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} role="alert">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color={copy.color}>
            {copy.icon}
          </ThemeIcon>
          <Title order={3}>{copy.title}</Title>
          <Text c="dimmed">{copy.body}</Text>
          <Group mt="sm" justify="center">
            {retryable && (
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
                {t('common.retry')}
              </Button>
            )}
            <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
              {t('common.backHome')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
