import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconAlertCircle, IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { webAuthnAvailable } from '@/lib/two-factor-enrolment';
import { passkeyErrorMessage } from '@/components/two-factors/ceremony-message';
import { signInWithPasskey } from '@/features/auth/api/second-factor';

/**
 * "Sign in with a passkey" under the password form (issue 32): no username, no password —
 * the browser offers the passkeys it holds for this site (discoverable credentials), which
 * must check a PIN or biometrics. Absent where the browser has no WebAuthn.
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const passkey = useMutation({ mutationFn: () => signInWithPasskey() });
  if (!webAuthnAvailable()) {
    return null;
  }
  return (
    <Stack gap="md">
      <Divider label={t('login.sso.or')} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        loading={passkey.isPending}
        leftSection={<IconFingerprint size={18} />}
        onClick={() => passkey.mutate()}
      >
        {t('login.passkey.button')}
      </Button>
      {passkey.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {passkeyErrorMessage(t, passkey.error)}
        </Alert>
      )}
    </Stack>
  );
}
