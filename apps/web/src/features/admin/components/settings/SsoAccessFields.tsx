import { Checkbox, Fieldset, Group, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import type { Permissions } from '@pastebox/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { LockedNote, useFieldState, type SsoFieldsProps } from './sso-field-props';

const RIGHTS = ['text', 'file', 'mount'] as const satisfies readonly (keyof Permissions)[];

/** Who may come in (domains, new accounts, the password form) and what role they get. */
export function SsoAccessFields(props: SsoFieldsProps) {
  const { t } = useTranslation();
  const { values, onChange, fixed } = props;
  const state = useFieldState(props);
  const lockedSwitch = (field: 'create_accounts' | 'hide_password_form', hint: string) =>
    fixed.includes(field)
      ? { disabled: true, description: <LockedNote field={field} /> }
      : { description: hint };
  const rightsLocked = fixed.includes('member_permissions');
  return (
    <Stack gap="md">
      <TagsInput
        label={t('settings.sso.domains')}
        placeholder={
          values.allowed_email_domains.length ? undefined : t('settings.sso.domainsPlaceholder')
        }
        splitChars={[',', ' ']}
        clearable={!fixed.includes('allowed_email_domains')}
        value={values.allowed_email_domains}
        onChange={(domains) => onChange('allowed_email_domains', domains)}
        {...state('allowed_email_domains', 'allowed_email_domains', t('settings.sso.domainsHint'))}
      />
      <Switch
        label={t('settings.sso.createAccounts')}
        checked={values.create_accounts}
        onChange={(event) => onChange('create_accounts', event.currentTarget.checked)}
        {...lockedSwitch('create_accounts', t('settings.sso.createAccountsHint'))}
      />
      <Switch
        label={t('settings.sso.hidePasswordForm')}
        checked={values.hide_password_form}
        onChange={(event) => onChange('hide_password_form', event.currentTarget.checked)}
        {...lockedSwitch('hide_password_form', t('settings.sso.hidePasswordFormHint'))}
      />
      <Fieldset legend={t('settings.sso.roles')} variant="filled" radius="md">
        <Stack gap="md">
          <TextInput
            label={t('settings.sso.claim')}
            placeholder="groups"
            spellCheck={false}
            maxLength={100}
            value={values.claim}
            onChange={(event) => onChange('claim', event.currentTarget.value)}
            {...state('claim', 'claim', t('settings.sso.claimHint'))}
          />
          <TagsInput
            label={t('settings.sso.adminValues')}
            placeholder={
              values.admin_values.length ? undefined : t('settings.sso.adminValuesPlaceholder')
            }
            splitChars={[',']}
            value={values.admin_values}
            onChange={(admins) => onChange('admin_values', admins)}
            {...state('admin_values', 'admin_values', t('settings.sso.adminValuesHint'))}
          />
          <Checkbox.Group
            label={t('settings.sso.memberPermissions')}
            description={
              rightsLocked ? (
                <LockedNote field="member_permissions" />
              ) : (
                t('settings.sso.memberPermissionsHint')
              )
            }
            value={RIGHTS.filter((right) => values.member_permissions[right])}
            onChange={(chosen) =>
              onChange('member_permissions', {
                text: chosen.includes('text'),
                file: chosen.includes('file'),
                mount: chosen.includes('mount'),
              })
            }
          >
            <Group gap="lg" mt={6}>
              {RIGHTS.map((right) => (
                <Checkbox
                  key={right}
                  value={right}
                  label={t(`keys.permissions.${right}`)}
                  disabled={rightsLocked}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            label={t('settings.sso.memberBasicPath')}
            description={t('settings.sso.memberBasicPathHint')}
            placeholder="/"
            spellCheck={false}
            value={values.member_basic_path}
            error={
              props.errors.member_basic_path
                ? t(props.errors.member_basic_path as 'common.error')
                : undefined
            }
            onChange={(event) => onChange('member_basic_path', event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
