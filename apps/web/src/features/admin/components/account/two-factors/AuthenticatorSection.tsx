import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TotpSetupResult, TwoFactorOverview } from '@pastebox/contract/schemas/two-factors';
import { IconDeviceMobile, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { startTotpSetup } from '@/lib/two-factor-enrolment';
import { RecoveryCodesPanel } from '@/components/two-factors/RecoveryCodesPanel';
import { TotpSetupPanel } from '@/components/two-factors/TotpSetupPanel';
import { PasswordPromptModal } from './PasswordPromptModal';
import { usePasswordGuardedCalls, useRefreshFactors } from './two-factors-api';

type Stage =
  { at: 'idle' } | { at: 'setup'; setup: TotpSetupResult } | { at: 'codes'; codes: string[] };

/**
 * The authenticator app and the recovery codes: set up (QR, secret, a code to confirm,
 * then the codes once), remove, and new codes — the last two ask the current password.
 */
export function AuthenticatorSection({
  overview,
  username,
}: {
  overview: TwoFactorOverview;
  username: string;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ at: 'idle' });
  const [asking, setAsking] = useState<'remove' | 'renew' | null>(null);
  const refresh = useRefreshFactors();
  const { removeTotp, renewCodes } = usePasswordGuardedCalls();
  const setup = useMutation({
    mutationFn: () => startTotpSetup(),
    onSuccess: (started) => setStage({ at: 'setup', setup: started }),
  });
  const guarded = asking === 'remove' ? removeTotp : renewCodes;
  const closePrompt = () => {
    removeTotp.reset();
    renewCodes.reset();
    setAsking(null);
  };
  const confirmPrompt = (password: string) => {
    if (asking === 'remove') {
      removeTotp.mutate(password, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('account.twoFactors.app.removed') });
          closePrompt();
        },
      });
    } else {
      renewCodes.mutate(password, {
        onSuccess: ({ recovery_codes }) => {
          closePrompt();
          setStage({ at: 'codes', codes: recovery_codes });
        },
      });
    }
  };
  const hasFactor = overview.totp || overview.passkeys.length > 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <IconDeviceMobile size={20} stroke={1.6} aria-hidden />
          <Title order={3} size="h5">
            {t('account.twoFactors.app.title')}
          </Title>
          <Badge variant="light" color={overview.totp ? 'teal' : 'gray'}>
            {overview.totp ? t('account.twoFactors.on') : t('account.twoFactors.off')}
          </Badge>
        </Group>
        {stage.at === 'idle' &&
          (overview.totp ? (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => setAsking('remove')}
            >
              {t('account.twoFactors.app.remove')}
            </Button>
          ) : (
            <Button size="xs" loading={setup.isPending} onClick={() => setup.mutate()}>
              {t('account.twoFactors.app.setUp')}
            </Button>
          ))}
      </Group>
      <Text size="sm" c="dimmed">
        {t('account.twoFactors.app.hint')}
      </Text>
      {setup.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, setup.error)}
        </Alert>
      )}
      {stage.at === 'setup' && (
        <TotpSetupPanel
          setup={stage.setup}
          onConfirmed={(confirmed) => {
            void refresh();
            setStage({ at: 'codes', codes: confirmed.recovery_codes });
          }}
          onCancel={() => setStage({ at: 'idle' })}
        />
      )}
      {stage.at === 'codes' && (
        <RecoveryCodesPanel
          codes={stage.codes}
          username={username}
          doneLabel={t('account.twoFactors.done')}
          onDone={() => setStage({ at: 'idle' })}
        />
      )}
      {hasFactor && stage.at === 'idle' && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {t('account.twoFactors.recovery.left', { count: overview.recovery_codes_left })}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setAsking('renew')}
          >
            {t('account.twoFactors.recovery.renew')}
          </Button>
        </Group>
      )}
      <PasswordPromptModal
        opened={asking !== null}
        title={t(
          asking === 'remove'
            ? 'account.twoFactors.app.removeTitle'
            : 'account.twoFactors.recovery.renewTitle',
        )}
        message={t(
          asking === 'remove'
            ? 'account.twoFactors.app.removeConfirm'
            : 'account.twoFactors.recovery.renewConfirm',
        )}
        confirmLabel={t(
          asking === 'remove'
            ? 'account.twoFactors.app.remove'
            : 'account.twoFactors.recovery.renew',
        )}
        danger={asking === 'remove'}
        pending={guarded.isPending}
        error={guarded.error}
        onConfirm={confirmPrompt}
        onClose={closePrompt}
      />
    </Stack>
  );
}
