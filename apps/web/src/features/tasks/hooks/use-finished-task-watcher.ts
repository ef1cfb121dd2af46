import { notifications } from '@mantine/notifications';
import type { TaskItem } from '@pastebox/contract/schemas/task';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAfterChange } from '@/lib/query-keys';
import { isActiveTask } from '@/features/tasks/lib/task-progress';

/**
 * Watches the polled tasks: when one seen active is now finished, the listings it changed
 * are refreshed (ChangedKind 'task') and the outcome is told once. Tasks already finished
 * on the first look are history, not news.
 */
export function useFinishedTaskWatcher(tasks: readonly TaskItem[] | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const activeIds = useRef<Set<string>>(new Set());

  useEffect(() => {
    if (!tasks) {
      return;
    }
    const finishedNow = tasks.filter(
      (task) => activeIds.current.has(task.id) && !isActiveTask(task),
    );
    activeIds.current = new Set(tasks.filter(isActiveTask).map((task) => task.id));
    if (finishedNow.length === 0) {
      return;
    }
    void invalidateAfterChange(queryClient, 'task');
    for (const task of finishedNow) {
      notifications.show({
        color: task.status === 'completed' ? 'green' : task.status === 'partial' ? 'orange' : 'red',
        title: t(`tasks.finished.${task.status}` as 'tasks.finished.completed'),
        message: task.title,
      });
    }
  }, [tasks, queryClient, t]);
}
