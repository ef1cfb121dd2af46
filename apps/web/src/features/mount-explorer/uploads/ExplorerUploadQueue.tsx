import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconClearAll } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUploadError } from '@/lib/uploader/errors';
import { queueSummary } from '@/lib/uploader/queue';
import { useExplorerUploads, useUploadQueueState } from './hooks/use-explorer-uploads';
import { UploadQueueRow } from './UploadQueueRow';

/**
 * The explorer's uploads (SPEC §4 states): every file with its target, progress, speed and
 * time left, cancel and retry, "clear finished". Nothing is shown while it is empty.
 */
export function ExplorerUploadQueue() {
  const { t } = useTranslation();
  const { store } = useExplorerUploads();
  const state = useUploadQueueState(store);
  const [collapsed, setCollapsed] = useState(false);
  if (state.items.length === 0) {
    return null;
  }
  const summary = queueSummary(state);
  // A cancelled upload is the user's choice, not a failure to point out.
  const failed = state.items.filter(
    (item) => item.status === 'error' && !isUploadError(item.error, 'cancelled'),
  ).length;
  const total = state.items.reduce((sum, item) => sum + item.total, 0);
  const sent = state.items.reduce(
    (sum, item) => sum + (item.status === 'success' ? item.total : item.loaded),
    0,
  );
  const toggle = collapsed ? t('explorerUpload.show') : t('explorerUpload.hide');

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('explorerUpload.title')}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" align="baseline" wrap="wrap" style={{ minWidth: 0 }}>
            <Title order={5}>{t('explorerUpload.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('explorerUpload.summary', { done: summary.success, total: state.items.length })}
            </Text>
            {failed > 0 && (
              <Badge color="red" variant="light" size="sm">
                {t('explorerUpload.failedCount', { count: failed })}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            {summary.success > 0 && (
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                leftSection={<IconClearAll size={16} />}
                onClick={() => store.clearFinished()}
              >
                {t('explorerUpload.clearFinished')}
              </Button>
            )}
            <Tooltip label={toggle}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setCollapsed((value) => !value)}
                aria-label={toggle}
                aria-expanded={!collapsed}
              >
                {collapsed ? <IconChevronDown size={18} /> : <IconChevronUp size={18} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {summary.uploading + summary.pending > 0 && (
          <Progress value={total > 0 ? (sent / total) * 100 : 0} size="xs" aria-hidden />
        )}
        {!collapsed && (
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars="y">
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {state.items.map((item) => (
                <UploadQueueRow key={item.id} item={item} store={store} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
