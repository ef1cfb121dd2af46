import { Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DEFAULT_SSO_SCOPES } from '@pastebox/contract/schemas/sso';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { ClientSecretField } from './ClientSecretField';
import { LockedNote, useFieldState, type SsoFieldsProps } from './sso-field-props';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** On or off, the button's name, and the provider: issuer, client, secret, scopes, callback. */
export function SsoProviderFields(
  props: SsoFieldsProps & { secretStored: boolean; redirectUri: string },
) {
  const { t } = useTranslation();
  const { values, onChange, fixed, redirectUri } = props;
  const state = useFieldState(props);
  const enabledLocked = fixed.includes('enabled');
  return (
    <Stack gap="md">
      <Switch
        label={t('settings.sso.enabled')}
        description={enabledLocked ? <LockedNote field="enabled" /> : t('settings.sso.enabledHint')}
        disabled={enabledLocked}
        checked={values.enabled}
        onChange={(event) => onChange('enabled', event.currentTarget.checked)}
      />
      <TextInput
        label={t('settings.sso.name')}
        placeholder={t('settings.sso.namePlaceholder')}
        maxLength={200}
        value={values.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
        {...state('name', 'name', t('settings.sso.nameHint'))}
      />
      <TextInput
        label={t('settings.sso.issuer')}
        placeholder="https://sso.example.com/realms/acme"
        type="url"
        spellCheck={false}
        maxLength={500}
        withAsterisk={values.enabled}
        styles={MONOSPACE}
        value={values.issuer}
        onChange={(event) => onChange('issuer', event.currentTarget.value)}
        {...state('issuer', 'issuer', t('settings.sso.issuerHint'))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('settings.sso.clientId')}
          spellCheck={false}
          autoComplete="off"
          maxLength={500}
          withAsterisk={values.enabled}
          styles={MONOSPACE}
          value={values.client_id}
          onChange={(event) => onChange('client_id', event.currentTarget.value)}
          {...state('client_id', 'client_id')}
        />
        <TextInput
          label={t('settings.sso.scopes')}
          placeholder={DEFAULT_SSO_SCOPES}
          spellCheck={false}
          maxLength={200}
          styles={MONOSPACE}
          value={values.scopes}
          onChange={(event) => onChange('scopes', event.currentTarget.value)}
          {...state('scopes', 'scopes', t('settings.sso.scopesHint'))}
        />
      </SimpleGrid>
      <ClientSecretField {...props} stored={props.secretStored} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="sso-redirect-uri">
          {t('settings.sso.redirectUri')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('settings.sso.redirectUriHint')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Text
            component="code"
            size="sm"
            ff="monospace"
            aria-labelledby="sso-redirect-uri"
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {redirectUri}
          </Text>
          <CopyTextButton text={redirectUri} size="xs" style={{ flexShrink: 0 }}>
            {t('settings.sso.copyRedirectUri')}
          </CopyTextButton>
        </Group>
      </Stack>
    </Stack>
  );
}
