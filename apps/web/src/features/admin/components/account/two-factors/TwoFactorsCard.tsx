import { Alert, Center, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useAccount } from '@/features/admin/api/get-account';
import { AppPasswordsSection } from './AppPasswordsSection';
import { AuthenticatorSection } from './AuthenticatorSection';
import { PasskeysSection } from './PasskeysSection';
import { useTwoFactorOverview } from './two-factors-api';

/**
 * Two factors on the Account page (issue 32), for admins and members alike: the
 * authenticator app and its recovery codes, passkeys, and app passwords for WebDAV.
 * Every change ends the account's other sessions, so the Sessions card is read again.
 */
export function TwoFactorsCard() {
  const { t } = useTranslation();
  const overview = useTwoFactorOverview();
  // Shared with the Profile card's query: names the recovery codes' file.
  const username = useAccount().data?.username ?? '';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={960}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('account.twoFactors.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.twoFactors.description')}
          </Text>
        </Stack>
        {overview.isPending ? (
          <Center py="lg">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : overview.isError ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('account.twoFactors.loadFailed')}
          >
            {errorMessage(t, overview.error)}
          </Alert>
        ) : (
          <>
            {overview.data.required && (
              <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />}>
                {t('account.twoFactors.required')}
              </Alert>
            )}
            <AuthenticatorSection overview={overview.data} username={username} />
            <Divider />
            <PasskeysSection passkeys={overview.data.passkeys} />
            <Divider />
            <AppPasswordsSection items={overview.data.app_passwords} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
