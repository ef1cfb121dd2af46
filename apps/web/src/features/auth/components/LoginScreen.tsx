import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { useSsoLoginInfo } from '@/features/auth/api/sso';
import { LoginForm } from './LoginForm';

/** What /admin shows to a visitor who is not signed in (SPEC §6: the page handles login). */
export function LoginScreen() {
  const { t } = useTranslation();
  usePageTitle(t('login.pageTitle'));
  // Asked here rather than in the form, so the form's tests see only their own calls.
  const sso = useSsoLoginInfo();
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconLock size={26} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} size="h2" ta="center">
              {t('login.heading')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('login.subtitle')}
            </Text>
          </Stack>
          <LoginForm sso={sso.data} />
        </Stack>
      </Paper>
    </Center>
  );
}
