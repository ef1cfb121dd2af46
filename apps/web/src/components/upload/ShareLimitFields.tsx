import { NativeSelect, NumberInput, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The limits every share is created with: a password, an expiry and a view limit. */
export interface ShareLimits {
  password: string;
  expiresIn: number;
  maxViews: number;
}

interface ShareLimitFieldsProps {
  value: ShareLimits;
  onChange: (patch: Partial<ShareLimits>) => void;
  /** Where the labels live: `{ns}.password`, `.passwordPlaceholder`, `.togglePassword`,
   * `.expiry` and `.maxViews` (a file's options and a bundle's form name them alike). */
  labels: 'upload.options' | 'bundles.form';
  /** The expiry choices, in hours, with their labels. */
  expiryChoices: { value: string; label: string }[];
  disabled?: boolean;
}

/**
 * A share's password, expiry and view limit, as the upload page asks them for a file and
 * for a bundle; the caller lays them out among its other fields.
 */
export function ShareLimitFields({
  value,
  onChange,
  labels,
  expiryChoices,
  disabled,
}: ShareLimitFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t(`${labels}.password`)}
        placeholder={t(`${labels}.passwordPlaceholder`)}
        value={value.password}
        onChange={(event) => onChange({ password: event.currentTarget.value })}
        autoComplete="new-password"
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': t(`${labels}.togglePassword`) }}
      />
      <NativeSelect
        label={t(`${labels}.expiry`)}
        value={String(value.expiresIn)}
        onChange={(event) => onChange({ expiresIn: Number(event.currentTarget.value) })}
        data={expiryChoices}
        disabled={disabled}
      />
      <NumberInput
        label={t(`${labels}.maxViews`)}
        value={value.maxViews}
        onChange={(next) => onChange({ maxViews: typeof next === 'number' ? next : 0 })}
        min={0}
        allowNegative={false}
        allowDecimal={false}
        clampBehavior="strict"
        disabled={disabled}
      />
    </>
  );
}
