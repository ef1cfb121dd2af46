import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { KEY_EXPIRY_OPTIONS, LIMITS } from '@pastebox/contract/limits';
import { useTranslation } from 'react-i18next';
import {
  MAX_CUSTOM_DAYS,
  type KeyExpiryChoice,
  type KeyFormErrors,
  type KeyFormValues,
} from './key-form';
import { WebdavKeyHint } from './WebdavKeyHint';
import { BasicPathInput } from '../shared/BasicPathInput';

interface KeyFormFieldsProps {
  values: KeyFormValues;
  errors: KeyFormErrors;
  onChange: <K extends keyof KeyFormValues>(key: K, value: KeyFormValues[K]) => void;
  /** Label of the "keep the current expiry" choice; absent when creating. */
  keepExpiryLabel?: string;
  /** Whether to offer the custom-key switch (a key itself never changes after creation). */
  withCustomKey: boolean;
}

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The fields creation and editing share: name, expiry, permissions, custom key, base path. */
export function KeyFormFields({
  values,
  errors,
  onChange,
  keepExpiryLabel,
  withCustomKey,
}: KeyFormFieldsProps) {
  const { t } = useTranslation();
  const error = (key: keyof KeyFormValues) =>
    errors[key] ? t(errors[key] as 'common.error', { max: MAX_CUSTOM_DAYS }) : undefined;
  const expiryData = [
    ...(keepExpiryLabel ? [{ value: 'keep', label: keepExpiryLabel }] : []),
    ...KEY_EXPIRY_OPTIONS.map((option) => ({ value: option, label: t(`keys.expiry.${option}`) })),
  ];

  return (
    <Stack gap="md">
      <TextInput
        label={t('keys.form.name')}
        placeholder={t('keys.form.namePlaceholder')}
        withAsterisk
        data-autofocus
        maxLength={LIMITS.keyNameMaxLength}
        value={values.name}
        error={error('name')}
        onChange={(event) => onChange('name', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: values.expiry === 'custom' ? 2 : 1 }} spacing="md">
        <Select
          label={t('keys.form.expiry')}
          data={expiryData}
          value={values.expiry}
          allowDeselect={false}
          onChange={(value) => onChange('expiry', (value ?? 'never') as KeyExpiryChoice)}
        />
        {values.expiry === 'custom' && (
          <NumberInput
            label={t('keys.form.customDays')}
            withAsterisk
            min={1}
            max={MAX_CUSTOM_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={values.customDays}
            error={error('customDays')}
            onChange={(value) => onChange('customDays', value)}
          />
        )}
      </SimpleGrid>
      <Fieldset legend={t('keys.form.permissions')} variant="filled" radius="md">
        <Stack gap="sm">
          <Switch
            label={t('keys.permissions.text')}
            description={t('keys.form.textHint')}
            checked={values.text}
            onChange={(event) => onChange('text', event.currentTarget.checked)}
          />
          <Switch
            label={t('keys.permissions.file')}
            description={t('keys.form.fileHint')}
            checked={values.file}
            onChange={(event) => onChange('file', event.currentTarget.checked)}
          />
          <Switch
            label={t('keys.permissions.mount')}
            description={t('keys.form.mountHint')}
            checked={values.mount}
            onChange={(event) => onChange('mount', event.currentTarget.checked)}
          />
          {values.mount && <WebdavKeyHint />}
        </Stack>
      </Fieldset>
      {withCustomKey && (
        <Stack gap="xs">
          <Switch
            label={t('keys.form.useCustomKey')}
            description={t('keys.form.useCustomKeyHint')}
            checked={values.useCustomKey}
            onChange={(event) => onChange('useCustomKey', event.currentTarget.checked)}
          />
          {values.useCustomKey && (
            <TextInput
              label={t('keys.form.customKey')}
              placeholder="my-team_key-01"
              withAsterisk
              autoComplete="off"
              spellCheck={false}
              maxLength={128}
              value={values.customKey}
              error={error('customKey')}
              onChange={(event) => onChange('customKey', event.currentTarget.value)}
              styles={MONOSPACE}
            />
          )}
        </Stack>
      )}
      <BasicPathInput
        label={t('keys.form.basicPath')}
        description={t('keys.form.basicPathHint')}
        value={values.basicPath}
        error={error('basicPath')}
        onChange={(path) => onChange('basicPath', path)}
      />
    </Stack>
  );
}
