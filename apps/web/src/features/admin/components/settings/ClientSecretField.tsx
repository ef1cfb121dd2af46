import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LockedNote, type SsoFieldsProps } from './sso-field-props';

/**
 * The client secret is write-only (the server never answers it): "a secret is stored" with
 * replace and remove, or a field for a new one. Empty is a public client (PKCE only).
 */
export function ClientSecretField({
  values,
  errors,
  onChange,
  fixed,
  stored,
}: SsoFieldsProps & { stored: boolean }) {
  const { t } = useTranslation();
  const label = t('settings.sso.clientSecret');
  if (fixed.includes('client_secret')) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <SecretState stored={stored} />
          <LockedNote field="client_secret" />
        </Group>
      </Stack>
    );
  }
  if (values.secretAction === 'replace') {
    return (
      <PasswordInput
        label={label}
        description={stored ? t('settings.sso.secretReplaceHint') : t('settings.sso.secretHint')}
        autoComplete="new-password"
        value={values.secret}
        error={errors.secret ? t(errors.secret as 'common.error') : undefined}
        onChange={(event) => onChange('secret', event.currentTarget.value)}
        visibilityToggleButtonProps={{ 'aria-label': t('settings.sso.toggleSecret') }}
        inputContainer={(input) =>
          stored ? (
            <Group gap="xs" wrap="nowrap">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button variant="default" onClick={() => onChange('secretAction', 'keep')}>
                {t('settings.sso.secretKeep')}
              </Button>
            </Group>
          ) : (
            input
          )
        }
      />
    );
  }
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs">
        {values.secretAction === 'remove' ? (
          <Text size="sm">{t('settings.sso.secretWillBeRemoved')}</Text>
        ) : (
          <SecretState stored />
        )}
        {values.secretAction === 'keep' ? (
          <>
            <Button size="xs" variant="default" onClick={() => onChange('secretAction', 'replace')}>
              {t('settings.sso.secretReplace')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => onChange('secretAction', 'remove')}
            >
              {t('settings.sso.secretRemove')}
            </Button>
          </>
        ) : (
          <Button size="xs" variant="default" onClick={() => onChange('secretAction', 'keep')}>
            {t('settings.sso.secretUndo')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SecretState({ stored }: { stored: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={stored ? 'teal' : 'gray'}
      leftSection={<IconKey size={12} aria-hidden />}
    >
      {stored ? t('settings.sso.secretStored') : t('settings.sso.secretNone')}
    </Badge>
  );
}
