import {
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { AccountRole } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';
import { sizeUnitLabel } from '@/lib/uploader/format';
import {
  QUOTA_UNITS,
  type AccountFormErrors,
  type AccountFormValues,
  type QuotaUnit,
} from './account-form';
import { BasicPathInput } from '../shared/BasicPathInput';

interface AccountFormFieldsProps {
  values: AccountFormValues;
  errors: AccountFormErrors;
  onChange: <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) => void;
  /** Your own account: the server refuses to demote you, so the role is fixed. */
  ownAccount?: boolean;
}

const PERMISSIONS = [
  { key: 'text', label: 'keys.permissions.text', hint: 'keys.form.textHint' },
  { key: 'file', label: 'keys.permissions.file', hint: 'keys.form.fileHint' },
  { key: 'mount', label: 'keys.permissions.mount', hint: 'keys.form.mountHint' },
] as const;

/** What creating and editing share: names, role, and a member's rights, base path and quota. */
export function AccountFormFields({
  values,
  errors,
  onChange,
  ownAccount,
}: AccountFormFieldsProps) {
  const { t } = useTranslation();
  const error = (key: keyof AccountFormValues) =>
    errors[key] ? t(errors[key] as 'common.error') : undefined;

  return (
    <Stack gap="md">
      <TextInput
        label={t('accounts.form.username')}
        description={t('accounts.form.usernameHint')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={values.username}
        error={error('username')}
        onChange={(event) => onChange('username', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('accounts.form.displayName')}
          maxLength={100}
          value={values.displayName}
          onChange={(event) => onChange('displayName', event.currentTarget.value)}
        />
        <TextInput
          label={t('accounts.form.email')}
          type="email"
          autoComplete="off"
          maxLength={254}
          value={values.email}
          error={error('email')}
          onChange={(event) => onChange('email', event.currentTarget.value)}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('accounts.form.role')}
        description={ownAccount ? t('accounts.form.roleOwn') : t('accounts.form.roleHint')}
        value={values.role}
        onChange={(value) => onChange('role', value as AccountRole)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="member" label={t('accounts.roles.member')} disabled={ownAccount} />
          <Radio value="admin" label={t('accounts.roles.admin')} disabled={ownAccount} />
        </Group>
      </Radio.Group>
      {values.role === 'member' && (
        <MemberFields values={values} error={error} onChange={onChange} />
      )}
    </Stack>
  );
}

/** A member's rights, base path and quota; an admin holds every right at / with no quota. */
function MemberFields({
  values,
  error,
  onChange,
}: Pick<AccountFormFieldsProps, 'values' | 'onChange'> & {
  error: (key: keyof AccountFormValues) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Fieldset legend={t('accounts.form.permissions')} variant="filled" radius="md">
        <Stack gap="sm">
          {PERMISSIONS.map((permission) => (
            <Switch
              key={permission.key}
              label={t(permission.label)}
              description={t(permission.hint)}
              checked={values[permission.key]}
              onChange={(event) => onChange(permission.key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Fieldset>
      <BasicPathInput
        label={t('accounts.form.basicPath')}
        description={t('accounts.form.basicPathHint')}
        value={values.basicPath}
        error={error('basicPath')}
        onChange={(path) => onChange('basicPath', path)}
      />
      <NumberInput
        label={t('accounts.form.quota')}
        description={t('accounts.form.quotaHint')}
        min={0}
        decimalScale={2}
        hideControls
        allowNegative={false}
        value={values.quota}
        error={error('quota')}
        onChange={(value) => onChange('quota', value)}
        rightSectionWidth={76}
        rightSection={
          <NativeSelect
            aria-label={t('accounts.form.quotaUnit')}
            data={QUOTA_UNITS.map((value) => ({ value, label: sizeUnitLabel(value) }))}
            value={values.quotaUnit}
            onChange={(event) => onChange('quotaUnit', event.currentTarget.value as QuotaUnit)}
            variant="unstyled"
            styles={{ input: { fontWeight: 500, paddingInline: 8 } }}
          />
        }
      />
    </>
  );
}
