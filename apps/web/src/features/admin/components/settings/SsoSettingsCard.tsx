import { Alert, Button, Divider, Group, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SsoSettings } from '@pastebox/contract/schemas/sso';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useSsoSettings, useUpdateSsoSettings } from './api/sso-settings';
import { SettingsCard } from './SettingsCard';
import { SsoAccessFields } from './SsoAccessFields';
import { SsoProviderFields } from './SsoProviderFields';
import {
  formFieldOf,
  ssoFormValues,
  toSsoBody,
  validateSsoForm,
  type SsoFormErrors,
  type SsoFormValues,
} from './sso-form';

/** Settings → Single sign-on (issue 32): OpenID Connect, as in README's setup section. */
export function SsoSettingsCard() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  return (
    <SettingsCard title={t('settings.sso.title')} description={t('settings.sso.description')}>
      {settings.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, settings.error)}
        </Alert>
      ) : (
        // Keyed by the answer, so a save starts the form again from what now applies.
        <SsoSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </SettingsCard>
  );
}

/** A refusal's field errors by form field; what names no field stays in the alert. */
function serverFieldErrors(error: unknown): SsoFormErrors {
  const found: SsoFormErrors = {};
  if (error instanceof AppError) {
    for (const detail of error.details ?? []) {
      const field = formFieldOf(detail.path);
      if (field) {
        found[field] = detail.message;
      }
    }
    if (error.key === 'BASIC_PATH_INVALID') {
      found.member_basic_path = 'errors.BASIC_PATH_INVALID';
    }
  }
  return found;
}

function SsoSettingsForm({ saved }: { saved: SsoSettings }) {
  const { t } = useTranslation();
  const update = useUpdateSsoSettings();
  const [values, setValues] = useState<SsoFormValues>(() => ssoFormValues(saved));
  const [errors, setErrors] = useState<SsoFormErrors>({});
  const onChange = <K extends keyof SsoFormValues>(key: K, value: SsoFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateSsoForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    update.mutate(toSsoBody(values, saved.fixed_by_environment), {
      onSuccess: (answer) => {
        // The secret typed is gone once stored: the form reads the stored state again.
        setValues(ssoFormValues(answer));
        notifications.show({ color: 'green', message: t('settings.sso.saved') });
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  const fields = { values, errors, onChange, fixed: saved.fixed_by_environment };
  const unplacedError = update.isError && Object.keys(serverFieldErrors(update.error)).length === 0;
  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.sso.title')}>
      <Stack gap="md">
        <SsoProviderFields
          {...fields}
          secretStored={saved.client_secret_set}
          redirectUri={saved.redirect_uri}
        />
        <Divider />
        <SsoAccessFields {...fields} />
        {(unplacedError || Object.keys(errors).length > 0) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {unplacedError ? errorMessage(t, update.error) : t('settings.sso.fixErrors')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.sso.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
