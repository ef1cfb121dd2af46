import type { TaskItem } from '@pastebox/contract/schemas/task';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { familyBase } from '@/lib/fs/fs-family';
import { queryKeys } from '@/lib/query-keys';
import { pollInterval } from '@/features/tasks/lib/task-progress';

/** GET /{admin|user}/tasks: the caller's tasks, active and finished (a key sees its own). */
export function getTasks(signal?: AbortSignal): Promise<TaskItem[]> {
  return apiRequest<TaskItem[]>(`${familyBase()}/tasks?status=all&limit=50`, { signal });
}

export function tasksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tasks.list(authStore.get().authType),
    queryFn: ({ signal }) => getTasks(signal),
  });
}

/**
 * The task list, polled as `pollInterval` says; a task started in this app shows at once
 * because starting it invalidates ChangedKind 'task'.
 */
export function useTasks(enabled: boolean, managerOpen: boolean) {
  return useQuery({
    ...tasksQueryOptions(),
    enabled,
    refetchInterval: (query) => pollInterval(query.state.data, managerOpen),
    refetchIntervalInBackground: false,
  });
}
