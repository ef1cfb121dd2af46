import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { AccountForm } from './AccountForm';
import { OfflineDataCard } from './OfflineDataCard';
import { ServerCacheCard } from './ServerCacheCard';
import { SettingsCard } from './SettingsCard';
import { SystemSettingsForm } from './SystemSettingsForm';

/** settings (admin only): the admin account update and the system settings of SPEC §3 and §5. */
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
      <ServerCacheCard />
      <OfflineDataCard />
    </Stack>
  );
}
