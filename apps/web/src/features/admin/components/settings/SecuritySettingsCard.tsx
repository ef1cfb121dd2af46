import { Alert, Button, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  MAX_AUDIT_RETENTION_DAYS,
  type SecuritySettings,
} from '@pastebox/contract/schemas/security-settings';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useSecuritySettings, useUpdateSecuritySettings } from './api/security-settings';
import { SettingsCard } from './SettingsCard';

/** 1…3650 whole days (the server's bounds), else the translation key of what is wrong. */
export function retentionProblem(days: number | string): string | null {
  const value = typeof days === 'number' ? days : Number(days);
  return days === '' || !Number.isInteger(value) || value < 1 || value > MAX_AUDIT_RETENTION_DAYS
    ? 'settings.security.retentionInvalid'
    : null;
}

/** Settings → Security (issue 32): two factors for everyone, and how long the audit log keeps. */
export function SecuritySettingsCard() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  return (
    <SettingsCard
      title={t('settings.security.title')}
      description={t('settings.security.description')}
    >
      {settings.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, settings.error)}
        </Alert>
      ) : (
        <SecurityForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </SettingsCard>
  );
}

function SecurityForm({ saved }: { saved: SecuritySettings }) {
  const { t } = useTranslation();
  const update = useUpdateSecuritySettings();
  const [requireTwoFactor, setRequireTwoFactor] = useState(saved.require_two_factor);
  const [days, setDays] = useState<number | string>(saved.audit_retention_days);
  const [problem, setProblem] = useState<string | null>(null);

  const save = () =>
    update.mutate(
      { require_two_factor: requireTwoFactor, audit_retention_days: Number(days) },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('settings.security.saved') }),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = retentionProblem(days);
    setProblem(found);
    if (found) {
      return;
    }
    if (requireTwoFactor && !saved.require_two_factor) {
      // Turning it on changes everyone's next sign-in: say so before it happens.
      modals.openConfirmModal({
        title: t('settings.security.confirmTitle'),
        children: <Text size="sm">{t('settings.security.confirmBody')}</Text>,
        labels: { confirm: t('settings.security.confirm'), cancel: t('common.cancel') },
        onConfirm: save,
      });
      return;
    }
    save();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.security.title')}>
      <Stack gap="md">
        <Switch
          label={t('settings.security.requireTwoFactor')}
          description={t('settings.security.requireTwoFactorHint')}
          checked={requireTwoFactor}
          onChange={(event) => setRequireTwoFactor(event.currentTarget.checked)}
        />
        <NumberInput
          label={t('settings.security.retention')}
          description={t('settings.security.retentionHint', { max: MAX_AUDIT_RETENTION_DAYS })}
          min={1}
          max={MAX_AUDIT_RETENTION_DAYS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix={` ${t('settings.security.days')}`}
          value={days}
          error={
            problem ? t(problem as 'common.error', { max: MAX_AUDIT_RETENTION_DAYS }) : undefined
          }
          onChange={setDays}
          maw={280}
        />
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.security.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
