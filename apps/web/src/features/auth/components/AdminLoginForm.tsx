import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLogin } from '@/features/auth/api/admin-login';
import { LoginFormFooter } from './LoginFormFooter';
import { PasskeySignIn } from './second-factor/PasskeySignIn';
import { signInStepOf, type SignInStep } from './second-factor/sign-in-step';
import { SignInStepView, StepEndedNotice } from './second-factor/SignInStepView';

interface FieldErrors {
  username?: string;
  password?: string;
}

/**
 * Username and password; Enter submits; both fields are required (SPEC §5). When the
 * password asks for a second step (issue 32), the step takes the form's place.
 */
export function AdminLoginForm({
  onStepChange,
}: {
  /** Told when a second step takes the form's place, and when it leaves. */
  onStepChange?: (inStep: boolean) => void;
} = {}) {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [step, setStepState] = useState<SignInStep | null>(null);
  const setStep = (next: SignInStep | null) => {
    setStepState(next);
    onStepChange?.(next !== null);
  };
  const [stepEnded, setStepEnded] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {
      ...(username.trim() ? {} : { username: t('login.errors.usernameRequired') }),
      ...(password ? {} : { password: t('login.errors.passwordRequired') }),
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      return;
    }
    setStepEnded(null);
    login.mutate(
      { username: username.trim(), password },
      { onError: (error) => setStep(signInStepOf(error, username.trim())) },
    );
  };

  if (step) {
    const back = (message?: string) => {
      login.reset();
      setStep(null);
      setStepEnded(message ?? null);
    };
    return <SignInStepView step={step} onBack={back} />;
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          withAsterisk
          data-autofocus
          value={username}
          error={fieldErrors.username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        <StepEndedNotice message={stepEnded} />
        <LoginFormFooter login={login} />
        {/* A plain button inside the form: it starts its own ceremony, never a submit. */}
        <PasskeySignIn />
      </Stack>
    </form>
  );
}
