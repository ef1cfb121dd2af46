import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type { TotpConfirmResult, TotpSetupResult } from '@pastebox/contract/schemas/two-factors';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDeviceMobile,
  IconFingerprint,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { startTotpSetup, webAuthnAvailable } from '@/lib/two-factor-enrolment';
import { AddPasskeyForm } from '@/components/two-factors/AddPasskeyForm';
import { RecoveryCodesPanel } from '@/components/two-factors/RecoveryCodesPanel';
import { TotpSetupPanel } from '@/components/two-factors/TotpSetupPanel';
import { storeSession } from '@/features/auth/api/admin-login';
import { stepExpired, type SignInStep } from './sign-in-step';

type Stage =
  | { at: 'choose' }
  | { at: 'totp'; setup: TotpSetupResult }
  | { at: 'codes'; confirmed: TotpConfirmResult }
  | { at: 'passkey' };

interface EnrolmentStepProps {
  step: SignInStep;
  onBack: (message?: string) => void;
}

/**
 * "This server requires two factors" (issue 32): the password was right, but the account
 * has no factor yet. It sets one up with the step's challenge instead of a session; the
 * call that adds it answers the session, which is signed in once the person is done
 * (after saving the recovery codes, for an app).
 */
export function EnrolmentStep({ step, onBack }: EnrolmentStepProps) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ at: 'choose' });
  const expiredOrNot = (error: unknown) => {
    if (stepExpired(error)) {
      onBack(t('errors.SIGN_IN_CHALLENGE_INVALID'));
    }
  };
  const setup = useMutation({
    mutationFn: () => startTotpSetup(step.challenge),
    onSuccess: (started) => setStage({ at: 'totp', setup: started }),
    onError: expiredOrNot,
  });
  const finish = useMutation({
    mutationFn: async (login: LoginResult | undefined) => {
      if (!login) {
        throw new Error(t('login.errors.badResponse'));
      }
      await storeSession(login);
    },
  });
  const passkeyOffered = step.methods.includes('passkey') && webAuthnAvailable();
  const back = () => setStage({ at: 'choose' });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('login.enrolment.title')}
        </Title>
        {stage.at === 'choose' && (
          <Text size="sm" c="dimmed">
            {t('login.enrolment.hint')}
          </Text>
        )}
      </Stack>
      {stage.at === 'choose' && (
        <Stack gap="sm">
          <Button
            fullWidth
            loading={setup.isPending}
            leftSection={<IconDeviceMobile size={18} />}
            onClick={() => setup.mutate()}
          >
            {t('login.enrolment.setUpApp')}
          </Button>
          {passkeyOffered && (
            <Button
              fullWidth
              variant="default"
              leftSection={<IconFingerprint size={18} />}
              onClick={() => setStage({ at: 'passkey' })}
            >
              {t('login.enrolment.addPasskey')}
            </Button>
          )}
        </Stack>
      )}
      {stage.at === 'totp' && (
        <TotpSetupPanel
          setup={stage.setup}
          challenge={step.challenge}
          onConfirmed={(confirmed) => setStage({ at: 'codes', confirmed })}
          onCancel={back}
          onError={expiredOrNot}
        />
      )}
      {stage.at === 'codes' && (
        <RecoveryCodesPanel
          codes={stage.confirmed.recovery_codes}
          username={step.username}
          doneLabel={t('login.enrolment.continue')}
          onDone={() => finish.mutate(stage.confirmed.login)}
        />
      )}
      {stage.at === 'passkey' && (
        <AddPasskeyForm
          challenge={step.challenge}
          onAdded={(added) => finish.mutate(added.login)}
          onCancel={back}
          onError={expiredOrNot}
        />
      )}
      {(setup.isError || finish.isError) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, setup.error ?? finish.error)}
        </Alert>
      )}
      {stage.at === 'choose' && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => onBack()}
          style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={14} aria-hidden />
          {t('common.back')}
        </Anchor>
      )}
    </Stack>
  );
}
