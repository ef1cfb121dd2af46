import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { AccountForm } from './AccountForm';
import { OfflineDataCard } from './OfflineDataCard';
import { ServerCacheCard } from './ServerCacheCard';
import { SystemSettingsForm } from './SystemSettingsForm';

/** settings (admin only): the admin account update and the system settings of SPEC §3 and §5. */
export function SettingsModule({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('settings.description')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('settings.account.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.account.description')}
            </Text>
          </Stack>
          <AccountForm />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('settings.system.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.system.description')}
            </Text>
          </Stack>
          <SystemSettingsForm />
        </Stack>
      </Paper>
      <ServerCacheCard />
      <OfflineDataCard />
    </Stack>
  );
}
