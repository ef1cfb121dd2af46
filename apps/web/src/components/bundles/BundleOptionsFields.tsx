import { SimpleGrid, TextInput } from '@mantine/core';
import { LIMITS } from '@pastebox/contract/limits';
import { BUNDLE_TITLE_MAX_LENGTH } from '@pastebox/contract/schemas/bundle';
import { useTranslation } from 'react-i18next';
import { ShareLimitFields } from '@/components/upload/ShareLimitFields';
import {
  BUNDLE_EXPIRY_HOURS,
  bundleOptionsProblems,
  type BundleOptions,
} from '@/lib/bundles/bundle-options';

export interface BundleOptionsFieldsProps {
  value: BundleOptions;
  onChange: (patch: Partial<BundleOptions>) => void;
  /** The slug refusal the server gave (SLUG_TAKEN…), already translated. */
  slugError?: string | null;
  disabled?: boolean;
  /** Focus the title when the form opens (in a dialog). */
  autoFocus?: boolean;
}

/**
 * A new bundle's options (issue 33): title, link suffix, password, expiry and view limit.
 * Controlled; every change is reported as a patch. The upload page and the file list's
 * "Bundle" dialog both use it.
 */
export function BundleOptionsFields(props: BundleOptionsFieldsProps) {
  const { value, onChange, slugError, disabled, autoFocus } = props;
  const { t } = useTranslation();
  const problems = bundleOptionsProblems(value);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label={t('bundles.form.title')}
        placeholder={t('bundles.form.titlePlaceholder')}
        value={value.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        error={problems.title ? t(problems.title, { max: BUNDLE_TITLE_MAX_LENGTH }) : undefined}
        maxLength={BUNDLE_TITLE_MAX_LENGTH + 10}
        disabled={disabled}
        data-autofocus={autoFocus ? true : undefined}
      />
      <TextInput
        label={t('bundles.form.slug')}
        placeholder={t('bundles.form.slugPlaceholder')}
        value={value.slug}
        onChange={(event) => onChange({ slug: event.currentTarget.value })}
        error={problems.slug ? t(problems.slug) : slugError}
        maxLength={LIMITS.slugMaxLength + 10}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <ShareLimitFields
        value={value}
        onChange={onChange}
        labels="bundles.form"
        expiryChoices={BUNDLE_EXPIRY_HOURS.map((hours) => ({
          value: String(hours),
          label: t(`bundles.expiry.h${hours}`),
        }))}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}

/** Whether the options can be sent as they are. */
export function bundleOptionsValid(options: BundleOptions): boolean {
  return Object.keys(bundleOptionsProblems(options)).length === 0;
}
