import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTaskManagerOpenRequests } from '@/lib/task-manager';
import { useTasks } from '@/features/tasks/api/get-tasks';
import { useFinishedTaskWatcher } from '@/features/tasks/hooks/use-finished-task-watcher';
import { isActiveTask } from '@/features/tasks/lib/task-progress';

/** The drawer loads when first opened: the header is on every page, the home page included. */
const TaskManagerDrawer = lazy(() =>
  import('./TaskManagerDrawer').then((module) => ({ default: module.TaskManagerDrawer })),
);

/** The header's task manager (SPEC §2): a button badged with the number of active tasks. */
export function TaskManager() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  const tasks = useTasks(true, opened);
  useFinishedTaskWatcher(tasks.data);
  const active = tasks.data?.filter(isActiveTask).length ?? 0;
  const label = active > 0 ? t('tasks.openActive', { count: active }) : t('tasks.open');
  const show = () => {
    open();
    setEverOpened(true);
    // Fresh on opening: a task started in another tab or by a script shows at once.
    void tasks.refetch();
  };
  // A task started elsewhere in the app (a copy) opens the manager to follow it.
  useTaskManagerOpenRequests(show);

  return (
    <>
      <Tooltip label={label}>
        <Indicator
          label={active}
          disabled={active === 0}
          size={16}
          offset={4}
          color="blue"
          processing
          styles={{ indicator: { fontSize: 10, fontWeight: 700 } }}
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            data-active-tasks={active}
            onClick={show}
          >
            <IconListCheck size={18} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {everOpened && (
        <Suspense fallback={null}>
          <TaskManagerDrawer opened={opened} onClose={close} query={tasks} />
        </Suspense>
      )}
    </>
  );
}
