import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TaskItem } from '@pastebox/contract/schemas/task';
import {
  IconArrowsMove,
  IconCopy,
  IconDownload,
  IconTrash,
  IconUpload,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { useCancelTask } from '@/features/tasks/api/cancel-task';
import { useDeleteTask } from '@/features/tasks/api/delete-task';
import {
  bytesProgress,
  isActiveTask,
  itemsProgress,
  STATUS_COLOR,
  taskPercent,
} from '@/features/tasks/lib/task-progress';
import { TaskFailures } from './TaskFailures';

const TYPE_ICON: Record<TaskItem['type'], Icon> = {
  copy: IconCopy,
  move: IconArrowsMove,
  upload: IconUpload,
  delete: IconTrash,
  download: IconDownload,
};

/** One task: what it does, its status and progress, its outcome, and cancel or clear. */
export function TaskCard({ task }: { task: TaskItem }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelTask();
  const clear = useDeleteTask();
  const active = isActiveTask(task);
  const percent = taskPercent(task);
  const TypeIcon = TYPE_ICON[task.type];
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });
  const when = task.finished_at ?? task.created_at;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={task.title}
      data-task-status={task.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <TypeIcon
              size={16}
              style={{ flexShrink: 0 }}
              aria-label={t(`tasks.types.${task.type}`)}
            />
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Text>
          </Group>
          <Badge
            size="sm"
            variant="light"
            color={STATUS_COLOR[task.status]}
            style={{ flexShrink: 0 }}
          >
            {t(`tasks.status.${task.status}`)}
          </Badge>
        </Group>
        {(active || percent !== null) && (
          <Progress
            value={percent ?? 100}
            color={STATUS_COLOR[task.status]}
            striped={active}
            animated={active}
            size="sm"
            aria-label={t('tasks.progress', { percent: percent ?? 0 })}
          />
        )}
        <Text size="xs" c="dimmed">
          {t('tasks.itemsProgress', { items: itemsProgress(task) })} · {bytesProgress(task)}
          {percent !== null && ` · ${percent}%`}
        </Text>
        {active && task.current_file && (
          <Text size="xs" c="dimmed" truncate title={task.current_file}>
            {t('tasks.currentFile', { path: task.current_file })}
          </Text>
        )}
        {!active && (
          <Text size="xs">
            {t('tasks.counts', {
              success: task.success_count,
              skipped: task.skipped_count,
              failed: task.failed_count,
            })}
          </Text>
        )}
        {task.error && (
          <Text size="xs" c="red" role="alert">
            {task.error}
          </Text>
        )}
        <TaskFailures failures={task.failures} />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatDateTime(when, i18n.language)}
          </Text>
          {active ? (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconX size={14} />}
              disabled={task.cancel_requested}
              loading={cancel.isPending}
              onClick={() => cancel.mutate(task.id, { onError: failed })}
            >
              {task.cancel_requested ? t('tasks.cancelling') : t('tasks.cancel')}
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              loading={clear.isPending}
              aria-label={t('tasks.clearTask', { title: task.title })}
              onClick={() => clear.mutate(task.id, { onError: failed })}
            >
              {t('tasks.clear')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
