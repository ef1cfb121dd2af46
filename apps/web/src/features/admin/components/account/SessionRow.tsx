import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { SessionItem } from '@pastebox/contract/schemas/account';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/features/admin/utils/format';
import { summariseUserAgent } from './user-agent';

/** "Chrome on Linux", or whichever part is known, or "Unknown device". */
export function deviceLabel(t: TFunction, userAgent: string | null): string {
  const { browser, os } = summariseUserAgent(userAgent);
  if (browser && os) {
    return t('account.sessions.device', { browser, os });
  }
  return browser ?? os ?? t('account.sessions.unknownDevice');
}

const KNOWN_METHODS = ['password', 'totp', 'recovery', 'passkey', 'sso'] as const;

function methodLabel(t: TFunction, method: string | null): string {
  const known = KNOWN_METHODS.find((name) => name === method);
  return known ? t(`account.sessions.methods.${known}`) : (method ?? '—');
}

interface SessionRowProps {
  session: SessionItem;
  onEnd: (session: SessionItem) => void;
  ending: boolean;
}

/** One session: its device, where and when, and a way to end it (not offered for this one). */
export function SessionRow({ session, onEnd, ending }: SessionRowProps) {
  const { t, i18n } = useTranslation();
  const device = deviceLabel(t, session.userAgent);
  const { os } = summariseUserAgent(session.userAgent);
  const Icon = os === 'Android' || os === 'iOS' ? IconDeviceMobile : IconDeviceDesktop;
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  const facts: [string, ReactNode][] = [
    [t('account.sessions.address'), session.ip ?? t('account.sessions.unknownAddress')],
    [t('account.sessions.signedIn'), when(session.createdAt)],
    [
      t('account.sessions.lastUsed'),
      session.lastUsedAt ? when(session.lastUsedAt) : t('account.sessions.notUsed'),
    ],
    [t('account.sessions.method'), methodLabel(t, session.method)],
  ];

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={device}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color="gray" size="lg" radius="md" aria-hidden>
              <Icon size={20} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm" truncate title={session.userAgent ?? undefined}>
                {device}
              </Text>
              {session.current && (
                <Badge variant="light" color="teal" size="sm" w="fit-content">
                  {t('account.sessions.thisDevice')}
                </Badge>
              )}
            </Stack>
          </Group>
          {!session.current && (
            <Button
              variant="light"
              color="red"
              size="xs"
              loading={ending}
              aria-label={t('account.sessions.endLabel', { device })}
              onClick={() => onEnd(session)}
            >
              {t('account.sessions.end')}
            </Button>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="xs" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
