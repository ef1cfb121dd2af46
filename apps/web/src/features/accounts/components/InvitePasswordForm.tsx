import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { NEW_PASSWORD_MIN_LENGTH } from '@pastebox/contract/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useAcceptInvite } from '@/features/accounts/api/invite';

type Problem = 'accounts.password.tooShort' | 'accounts.password.mismatch';

/** The new password, typed twice; the username is shown (and read by password managers). */
export function InvitePasswordForm({
  token,
  username,
  onDone,
}: {
  token: string;
  username: string;
  onDone: (username: string) => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptInvite(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm'; key: Problem } | null>(
    null,
  );
  const message = (field: 'password' | 'confirm') =>
    problem?.field === field ? t(problem.key, { min: NEW_PASSWORD_MIN_LENGTH }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found =
      password.length < NEW_PASSWORD_MIN_LENGTH
        ? ({ field: 'password', key: 'accounts.password.tooShort' } as const)
        : confirm !== password
          ? ({ field: 'confirm', key: 'accounts.password.mismatch' } as const)
          : null;
    setProblem(found);
    if (!found) {
      accept.mutate(password, { onSuccess: (answer) => onDone(answer.username) });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('accounts.invitePage.submit')}>
      <Stack gap="md">
        <TextInput
          label={t('accounts.invitePage.username')}
          value={username}
          readOnly
          autoComplete="username"
        />
        <PasswordInput
          label={t('accounts.password.new')}
          description={t('accounts.password.hint', { min: NEW_PASSWORD_MIN_LENGTH })}
          withAsterisk
          data-autofocus
          autoComplete="new-password"
          value={password}
          error={message('password')}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('accounts.password.confirm')}
          withAsterisk
          autoComplete="new-password"
          value={confirm}
          error={message('confirm')}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        {accept.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, accept.error)}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={accept.isPending}>
          {t('accounts.invitePage.submit')}
        </Button>
      </Stack>
    </form>
  );
}
