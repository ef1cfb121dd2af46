import { SegmentedControl, Stack } from '@mantine/core';
import { IconKey, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminLoginForm } from './AdminLoginForm';
import { ApiKeyLoginForm } from './ApiKeyLoginForm';
import classes from './LoginForm.module.css';

type LoginMode = 'admin' | 'apikey';

/** SPEC §2 login: two switchable modes, the admin account or an API key. */
export function LoginForm() {
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
      {mode === 'admin' ? <AdminLoginForm /> : <ApiKeyLoginForm />}
    </Stack>
  );
}
