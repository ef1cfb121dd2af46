import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The password is set: on to the login screen (what /admin shows when signed out). */
export function InviteDone({ username }: { username: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="center" ta="center" role="status">
      <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
        <IconCircleCheck size={26} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('accounts.invitePage.doneTitle')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('accounts.invitePage.done', { name: username })}
      </Text>
      <Button component={Link} to="/admin" leftSection={<IconLogin2 size={16} />}>
        {t('accounts.invitePage.goToLogin')}
      </Button>
    </Stack>
  );
}
