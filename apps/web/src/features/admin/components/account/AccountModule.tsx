import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { ACCOUNT_KEYS } from '@/features/admin/api/api-keys-base';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { KeysModule } from '@/features/admin/components/keys/KeysModule';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorsCard } from './two-factors/TwoFactorsCard';

/**
 * account (issue 32), for whoever signed in with an account: profile, password, two
 * factors, sessions; a member also manages its own API keys here, with the key-management list pointed at
 * /api/account/api-keys. The admin's keys stay in key-management, and the admin's SPEC
 * account form stays in Settings.
 */
export function AccountModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const { authType } = useAuth();
  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('account.description')} />
      <ProfileCard />
      <PasswordCard />
      <TwoFactorsCard />
      <SessionsCard />
      {authType === 'member' && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={960}>
          <KeysModule
            section
            base={ACCOUNT_KEYS}
            title={t('account.keys.title')}
            description={t('account.keys.description')}
          />
        </Paper>
      )}
    </Stack>
  );
}
