import { NumberInput, PasswordInput, Select, TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@pastebox/contract/limits';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/features/admin/utils/format';

/** Which module's texts a field shows: text shares, file shares or bundles (issue 33). */
export type ShareNamespace = 'texts' | 'files' | 'bundles';

export type PasswordChoice = 'keep' | 'set' | 'clear';

interface FieldProps<V> {
  ns: ShareNamespace;
  value: V;
  onChange: (value: V) => void;
  error?: string | undefined;
}

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The link suffix. */
export function SlugField({
  ns,
  value,
  onChange,
  error,
  ...rest
}: FieldProps<string> & Omit<TextInputProps, 'value' | 'onChange' | 'error'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`${ns}.edit.slug`)}
      description={t(`${ns}.edit.slugHint`, { max: LIMITS.slugMaxLength })}
      value={value}
      error={error}
      {...rest}
      onChange={(event) => onChange(event.currentTarget.value)}
      styles={MONOSPACE}
    />
  );
}

/** The remark, within SPEC §5's length. */
export function RemarkField({ ns, value, onChange, error }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`${ns}.columns.remark`)}
      description={t(`${ns}.edit.remarkHint`)}
      value={value}
      maxLength={LIMITS.remarkMaxLength}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Keep, set or clear the password; "clear" only when there is one. */
export function PasswordChoiceField({
  ns,
  value,
  onChange,
  hasPassword,
}: FieldProps<PasswordChoice> & { hasPassword: boolean }) {
  const { t } = useTranslation();
  const data = [
    {
      value: 'keep',
      label: hasPassword ? t(`${ns}.edit.passwordKeep`) : t(`${ns}.edit.passwordNone`),
    },
    { value: 'set', label: t(`${ns}.edit.passwordSet`) },
    ...(hasPassword ? [{ value: 'clear', label: t(`${ns}.edit.passwordClear`) }] : []),
  ];
  return (
    <Select
      label={t(`${ns}.password`)}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(choice) => onChange((choice ?? 'keep') as PasswordChoice)}
    />
  );
}

/** The new password, asked for once "set" is chosen. */
export function NewPasswordField({ ns, value, onChange, error }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t(`${ns}.edit.newPassword`)}
      autoComplete="new-password"
      withAsterisk
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
    />
  );
}

/** Keep the expiry or pick a new one from `options` (value and translated label). */
export function ExpiryField<C extends string>({
  ns,
  value,
  onChange,
  expiresAt,
  options,
}: FieldProps<C | 'keep'> & {
  expiresAt: string | null;
  options: { value: C; label: string }[];
}) {
  const { t, i18n } = useTranslation();
  const keepLabel = expiresAt
    ? t(`${ns}.edit.keepExpiry`, { date: formatDateTime(expiresAt, i18n.language) })
    : t(`${ns}.edit.keepExpiryNever`);
  return (
    <Select
      label={t(`${ns}.columns.expiresAt`)}
      data={[{ value: 'keep', label: keepLabel }, ...options]}
      value={value}
      allowDeselect={false}
      onChange={(choice) => onChange((choice ?? 'keep') as C | 'keep')}
    />
  );
}

/** The view limit (0 = unlimited), with the views spent so far. */
export function MaxViewsField({
  ns,
  value,
  onChange,
  error,
  views,
}: FieldProps<number | string> & { views: number }) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t(`${ns}.edit.maxViews`)}
      description={t(`${ns}.edit.maxViewsHint`, { views })}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
