import { Group, Text } from '@mantine/core';
import type { SsoField } from '@pastebox/contract/schemas/sso';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SSO_ENV_VARIABLE, type SsoFormErrors, type SsoFormValues } from './sso-form';

/** What every group of SSO fields is handed. */
export interface SsoFieldsProps {
  values: SsoFormValues;
  errors: SsoFormErrors;
  onChange: <K extends keyof SsoFormValues>(key: K, value: SsoFormValues[K]) => void;
  /** Fields an OIDC_* variable fixes: shown, not editable. */
  fixed: readonly SsoField[];
}

/** "Set by OIDC_… on the server", with a lock, under a field the environment fixes. */
export function LockedNote({ field }: { field: SsoField }) {
  const { t } = useTranslation();
  return (
    <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
      <IconLock size={14} aria-hidden />
      <Text component="span" size="xs" c="dimmed">
        {t('settings.sso.lockedBy', { variable: SSO_ENV_VARIABLE[field] })}
      </Text>
    </Group>
  );
}

/**
 * The props that lock an input fixed by the environment (read-only keeps its value legible,
 * unlike disabled) and say why; else its own description and translated error.
 */
export function useFieldState({ fixed, errors }: Pick<SsoFieldsProps, 'fixed' | 'errors'>) {
  const { t } = useTranslation();
  return (field: SsoField, formField: keyof SsoFormValues, description?: ReactNode) => {
    const locked = fixed.includes(field);
    const error = errors[formField];
    return {
      readOnly: locked,
      description: locked ? <LockedNote field={field} /> : description,
      error: error ? t(error as 'common.error') : undefined,
    };
  };
}
