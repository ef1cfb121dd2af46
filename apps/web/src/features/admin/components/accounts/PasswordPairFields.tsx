import { PasswordInput, SimpleGrid } from '@mantine/core';
import { NEW_PASSWORD_MIN_LENGTH } from '@pastebox/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import type { PasswordErrors, PasswordPair } from './account-form';

/** A new password and its confirmation, side by side on wide screens. */
export function PasswordPairFields({
  pair,
  errors,
  onChange,
}: {
  pair: PasswordPair;
  errors: PasswordErrors;
  onChange: (pair: PasswordPair) => void;
}) {
  const { t } = useTranslation();
  const error = (key: keyof PasswordPair) =>
    errors[key] ? t(errors[key] as 'common.error', { min: NEW_PASSWORD_MIN_LENGTH }) : undefined;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <PasswordInput
        label={t('accounts.password.new')}
        description={t('accounts.password.hint', { min: NEW_PASSWORD_MIN_LENGTH })}
        withAsterisk
        autoComplete="new-password"
        value={pair.password}
        error={error('password')}
        onChange={(event) => onChange({ ...pair, password: event.currentTarget.value })}
      />
      <PasswordInput
        label={t('accounts.password.confirm')}
        withAsterisk
        autoComplete="new-password"
        value={pair.confirm}
        error={error('confirm')}
        onChange={(event) => onChange({ ...pair, confirm: event.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
