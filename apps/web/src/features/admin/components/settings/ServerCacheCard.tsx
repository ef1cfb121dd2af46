import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useClearCache } from '@/lib/fs/clear-cache';

/**
 * "Server caches" (SPEC §7, issue 11): drops the mounts' folder-listing caches on every
 * instance, for when a storage was changed behind Pastebox's back.
 */
export function ServerCacheCard() {
  const { t } = useTranslation();
  const clear = useClearCache();
  const run = () =>
    clear.mutate(undefined, {
      onSuccess: ({ cleared }) =>
        notifications.show({
          color: 'green',
          message: t('serverCache.cleared', { count: cleared }),
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('common.error'),
          message: errorMessage(t, error),
        }),
    });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('serverCache.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('serverCache.description')}
        </Text>
        <Group>
          <Button variant="default" onClick={run} loading={clear.isPending}>
            {t('serverCache.clear')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
