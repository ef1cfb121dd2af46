import { Button, Stack, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codeComplete, OneTimeCodeInput } from '@/components/two-factors/OneTimeCodeInput';

interface CodeStepFormProps {
  method: 'totp' | 'recovery';
  pending: boolean;
  onSend: (code: string) => void;
  /** Bumped by the parent after a refused code: the field empties and takes the focus. */
  refusals: number;
}

/** The code of the second step: six digits from the app, or a recovery code. */
export function CodeStepForm({ method, pending, onSend, refusals }: CodeStepFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [seenRefusals, setSeenRefusals] = useState(refusals);
  const field = useRef<HTMLInputElement>(null);
  const focusedFor = useRef(refusals);
  if (seenRefusals !== refusals) {
    // A refused code is cleared so the next one is typed fresh (state set while rendering,
    // React's way to follow a prop without an effect).
    setSeenRefusals(refusals);
    setCode('');
  }
  useEffect(() => {
    // The field was disabled while the code was checked: once it is enabled again after a
    // refusal, the cursor goes back into it, so the next code can be typed at once.
    if (!pending && focusedFor.current !== refusals) {
      focusedFor.current = refusals;
      field.current?.focus();
    }
  }, [pending, refusals]);
  const send = (typed: string) => {
    const ready = method === 'totp' ? codeComplete(typed) : typed.trim() !== '';
    setMissing(!ready);
    if (ready && !pending) {
      onSend(typed.trim());
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('login.secondFactor.formLabel')}>
      <Stack gap="md">
        {method === 'totp' ? (
          <OneTimeCodeInput
            inputRef={field}
            autoFocus
            label={t('twoFactors.code')}
            value={code}
            onChange={setCode}
            onComplete={send}
            error={missing ? t('twoFactors.codeIncomplete') : undefined}
            disabled={pending}
          />
        ) : (
          <TextInput
            ref={field}
            data-autofocus
            autoFocus
            label={t('login.secondFactor.recoveryCode')}
            description={t('login.secondFactor.recoveryHint')}
            withAsterisk
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={code}
            error={missing ? t('login.secondFactor.recoveryRequired') : undefined}
            disabled={pending}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        <Button
          type="submit"
          fullWidth
          loading={pending}
          leftSection={<IconShieldCheck size={18} />}
        >
          {t('login.secondFactor.verify')}
        </Button>
      </Stack>
    </form>
  );
}
