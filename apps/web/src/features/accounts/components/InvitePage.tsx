import { Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ShareErrorState, type ShareStateTexts } from '@/components/ShareErrorState';
import { formatDateTime } from '@/lib/date-time';
import { usePageTitle } from '@/lib/use-page-title';
import { useInvite } from '@/features/accounts/api/invite';
import { InviteDone } from './InviteDone';
import { InvitePasswordForm } from './InvitePasswordForm';

/**
 * /invite/{token} (issue 32): the invited person chooses a password, then signs in on the
 * login screen. Works signed out; a used, replaced or expired link says so, with a way home.
 */
export function InvitePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('accounts.invitePage.pageTitle'));
  const { token = '' } = useParams();
  const invite = useInvite(token);
  const [doneFor, setDoneFor] = useState<string | null>(null);

  if (invite.isPending) {
    return (
      <Center py={60}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (invite.isError) {
    const invalid = {
      title: t('accounts.invitePage.invalidTitle'),
      body: t('accounts.invitePage.invalidBody'),
    };
    // Every refusal of a link reads the same: the server does not say which one it was.
    const texts: ShareStateTexts = {
      notFoundTitle: invalid.title,
      notFoundBody: invalid.body,
      expiredTitle: invalid.title,
      expiredBody: invalid.body,
      viewLimitTitle: invalid.title,
      viewLimitBody: invalid.body,
      errorTitle: t('accounts.invitePage.loadFailed'),
    };
    return (
      <ShareErrorState
        error={invite.error}
        onRetry={() => void invite.refetch()}
        texts={texts}
        notFoundKeys={['INVITE_INVALID']}
      />
    );
  }
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        {doneFor ? (
          <InviteDone username={doneFor} />
        ) : (
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                <IconUserPlus size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} size="h2" ta="center">
                {t('accounts.invitePage.heading', { name: invite.data.username })}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('accounts.invitePage.intro')}
              </Text>
            </Stack>
            <InvitePasswordForm token={token} username={invite.data.username} onDone={setDoneFor} />
            <Text c="dimmed" size="xs" ta="center">
              {t('accounts.invitePage.expires', {
                date: formatDateTime(invite.data.expires_at, i18n.language),
              })}
            </Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
