import { SegmentedControl, Stack } from '@mantine/core';
import { IconKey, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoLoginInfo } from '@pastebox/contract/schemas/sso';
import { ApiKeyLoginForm } from './ApiKeyLoginForm';
import classes from './LoginForm.module.css';
import { AccountSignIn } from './SsoSignIn';

type LoginMode = 'admin' | 'apikey';

/**
 * SPEC §2 login: two switchable modes, an account (the admin's or a member's, with single
 * sign-on when the server offers it) or an API key.
 */
export function LoginForm({ sso }: { sso?: SsoLoginInfo | undefined }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('admin');
  return (
    <Stack gap="lg">
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => setMode(value === 'apikey' ? 'apikey' : 'admin')}
        aria-label={t('login.modeLabel')}
        data={[
          {
            value: 'admin',
            label: (
              <span className={classes.modeLabel}>
                <IconUserShield size={16} stroke={1.7} aria-hidden />
                {t('login.modeAdmin')}
              </span>
            ),
          },
          {
            value: 'apikey',
            label: (
              <span className={classes.modeLabel}>
                <IconKey size={16} stroke={1.7} aria-hidden />
                {t('login.modeApiKey')}
              </span>
            ),
          },
        ]}
      />
      {mode === 'admin' ? <AccountSignIn sso={sso} /> : <ApiKeyLoginForm />}
    </Stack>
  );
}
