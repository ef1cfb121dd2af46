import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { AccountForm } from './AccountForm';
import { LinkPreviewCard } from './LinkPreviewCard';
import { OfflineDataCard } from './OfflineDataCard';
import { SecuritySettingsCard } from './SecuritySettingsCard';
import { ServerCacheCard } from './ServerCacheCard';
import { SettingsCard } from './SettingsCard';
import { SsoSettingsCard } from './SsoSettingsCard';
import { SystemSettingsForm } from './SystemSettingsForm';

/**
 * settings (admin only): the admin account update and the system settings of SPEC §3 and §5;
 * link previews in chat apps (issue 36); security rules and single sign-on (issue 32).
 */
export function SettingsModule({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('settings.description')} />
      <SettingsCard
        title={t('settings.account.title')}
        description={t('settings.account.description')}
      >
        <AccountForm />
      </SettingsCard>
      <SettingsCard
        title={t('settings.system.title')}
        description={t('settings.system.description')}
      >
        <SystemSettingsForm />
      </SettingsCard>
      <LinkPreviewCard />
      <SecuritySettingsCard />
      <SsoSettingsCard />
      <ServerCacheCard />
      <OfflineDataCard />
    </Stack>
  );
}
