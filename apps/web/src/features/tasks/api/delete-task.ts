import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { familyBase } from '@/lib/fs/fs-family';
import { invalidateAfterChange } from '@/lib/query-keys';

/** DELETE /{admin|user}/tasks/{id}: clears a finished task (an active one: TASK_NOT_FINISHED). */
export function deleteTask(id: string): Promise<unknown> {
  return apiRequest<unknown>(`${familyBase()}/tasks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => invalidateAfterChange(queryClient, 'task'),
  });
}

/**
 * Clears every finished task shown, one DELETE each, so it needs no call of its own; the
 * answer counts those the server refused (e.g. already cleared elsewhere).
 */
export async function clearTasks(ids: readonly string[]): Promise<{ failed: number }> {
  const results = await Promise.allSettled(ids.map((id) => deleteTask(id)));
  return { failed: results.filter((result) => result.status === 'rejected').length };
}

export function useClearFinishedTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearTasks,
    onSettled: () => invalidateAfterChange(queryClient, 'task'),
  });
}
