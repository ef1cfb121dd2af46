import {
  Alert,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TaskItem } from '@pastebox/contract/schemas/task';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconClearAll } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useClearFinishedTasks } from '@/features/tasks/api/delete-task';
import { sortTasks } from '@/features/tasks/lib/task-progress';
import { TaskCard } from './TaskCard';

interface TaskManagerDrawerProps {
  opened: boolean;
  onClose: () => void;
  query: UseQueryResult<TaskItem[]>;
}

/** Active tasks with live progress, then finished ones with their outcome. */
export function TaskManagerDrawer({ opened, onClose, query }: TaskManagerDrawerProps) {
  const { t } = useTranslation();
  const clear = useClearFinishedTasks();
  const { active, finished } = sortTasks(query.data ?? []);

  const clearFinished = () =>
    clear.mutate(
      finished.map((task) => task.id),
      {
        onSuccess: ({ failed }) =>
          failed > 0 &&
          notifications.show({
            color: 'orange',
            message: t('tasks.clearPartly', { count: failed }),
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('common.error'),
            message: errorMessage(t, error),
          }),
      },
    );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Title order={2} size="h4">
          {t('tasks.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(t, query.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap="md">
          <TaskSection title={t('tasks.active')} tasks={active} empty={t('tasks.noActive')} />
          <Divider />
          <TaskSection
            title={t('tasks.finishedTitle')}
            tasks={finished}
            empty={t('tasks.noFinished')}
            action={
              finished.length > 0 && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconClearAll size={16} />}
                  loading={clear.isPending}
                  onClick={clearFinished}
                >
                  {t('tasks.clearFinished')}
                </Button>
              )
            }
          />
        </Stack>
      )}
    </Drawer>
  );
}

interface TaskSectionProps {
  title: string;
  tasks: TaskItem[];
  empty: string;
  action?: ReactNode;
}

function TaskSection({ title, tasks, empty, action }: TaskSectionProps) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {title}{' '}
          {tasks.length > 0 && (
            <Text span c="dimmed" size="sm">
              ({tasks.length})
            </Text>
          )}
        </Text>
        {action}
      </Group>
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          {empty}
        </Text>
      ) : (
        tasks.map((task) => <TaskCard key={task.id} task={task} />)
      )}
    </Stack>
  );
}
