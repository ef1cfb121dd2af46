import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { webAuthnAvailable } from '@/lib/two-factor-enrolment';
import { passkeyErrorMessage } from '@/components/two-factors/ceremony-message';
import { answerSecondFactor, signInWithPasskey } from '@/features/auth/api/second-factor';
import { loginErrorMessage } from '../login-error';
import { CodeStepForm } from './CodeStepForm';
import { stepExpired, type SignInStep } from './sign-in-step';

interface SecondFactorStepProps {
  step: SignInStep;
  /** Back to the password, with why when the step ended (expired, used up). */
  onBack: (message?: string) => void;
}

type CodeMethod = 'totp' | 'recovery';

/**
 * The second step in the sign-in card (issue 32): a code from the app (sent on the sixth
 * digit), a recovery code instead, or a passkey when the account has one. A refused code
 * stays on the step with the field cleared; an expired step goes back to the password.
 */
export function SecondFactorStep({ step, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const offers = (method: string) => step.methods.some((offered) => offered === method);
  const firstMethod: CodeMethod | null = offers('totp')
    ? 'totp'
    : offers('recovery')
      ? 'recovery'
      : null;
  const [method, setMethod] = useState<CodeMethod | null>(firstMethod);
  const [refusals, setRefusals] = useState(0);
  const passkeyOffered = offers('passkey') && webAuthnAvailable();

  const failed = (error: unknown) => {
    if (stepExpired(error)) {
      onBack(t('errors.SIGN_IN_CHALLENGE_INVALID'));
    } else if (error instanceof AppError && error.key === 'SECOND_FACTOR_INVALID') {
      setRefusals((count) => count + 1);
    }
  };
  const code = useMutation({
    mutationFn: (typed: { method: CodeMethod; code: string }) =>
      answerSecondFactor({ challenge: step.challenge, ...typed }),
    onError: failed,
  });
  const passkey = useMutation({
    mutationFn: () => signInWithPasskey(step.challenge),
    onError: failed,
  });
  const lastError = code.isError ? code.error : passkey.isError ? passkey.error : null;
  const switchTo = (next: CodeMethod) => {
    code.reset();
    setMethod(next);
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('login.secondFactor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {method === 'totp'
            ? t('login.secondFactor.totpHint')
            : method === 'recovery'
              ? t('login.secondFactor.recoveryIntro')
              : t('login.secondFactor.passkeyHint')}
        </Text>
      </Stack>
      {method && (
        <CodeStepForm
          key={method}
          method={method}
          pending={code.isPending}
          refusals={refusals}
          onSend={(typed) => code.mutate({ method, code: typed })}
        />
      )}
      {lastError !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {lastError === passkey.error
            ? passkeyErrorMessage(t, lastError)
            : loginErrorMessage(t, lastError)}
        </Alert>
      )}
      {method === 'totp' && offers('recovery') && (
        <Anchor component="button" type="button" size="sm" onClick={() => switchTo('recovery')}>
          {t('login.secondFactor.useRecovery')}
        </Anchor>
      )}
      {method === 'recovery' && offers('totp') && (
        <Anchor component="button" type="button" size="sm" onClick={() => switchTo('totp')}>
          {t('login.secondFactor.useTotp')}
        </Anchor>
      )}
      {passkeyOffered && (
        <>
          {method && <Divider label={t('login.sso.or')} labelPosition="center" />}
          <Button
            variant={method ? 'default' : 'filled'}
            fullWidth
            loading={passkey.isPending}
            leftSection={<IconFingerprint size={18} />}
            onClick={() => {
              code.reset();
              passkey.mutate();
            }}
          >
            {t('login.secondFactor.usePasskey')}
          </Button>
        </>
      )}
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
    </Stack>
  );
}
