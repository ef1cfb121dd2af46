import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconMailShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { formatDateTime } from '@/features/admin/utils/format';

/**
 * The one-time invitation link, shown once (the server keeps only its hash): copy it and
 * hand it over; it works once, until `expiresAt`.
 */
export function InviteLinkResult({
  username,
  url,
  expiresAt,
  onDone,
}: {
  username: string;
  url: string;
  expiresAt: string | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconMailShare size={18} />}>
        {t('accounts.invite.ready', { name: username })}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="invite-link-label">
          {t('accounts.invite.link')}
        </Text>
        <Code
          block
          aria-labelledby="invite-link-label"
          style={{ wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-sm)' }}
        >
          {url}
        </Code>
        <Text size="xs" c="dimmed">
          {expiresAt
            ? t('accounts.invite.once', { date: formatDateTime(expiresAt, i18n.language) })
            : t('accounts.invite.onceNoDate')}
        </Text>
      </Stack>
      <Group justify="flex-end" gap="xs">
        <CopyTextButton text={url} variant="filled">
          {t('accounts.invite.copy')}
        </CopyTextButton>
        <Button variant="default" onClick={onDone}>
          {t('accounts.invite.done')}
        </Button>
      </Group>
    </Stack>
  );
}
