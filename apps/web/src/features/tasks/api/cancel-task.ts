import type { TaskItem } from '@pastebox/contract/schemas/task';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { familyBase } from '@/lib/fs/fs-family';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /{admin|user}/tasks/{id}/cancel: the runner stops at the next object boundary. */
export function cancelTask(id: string): Promise<TaskItem> {
  return apiRequest<TaskItem>(`${familyBase()}/tasks/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });
}

export function useCancelTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTask,
    onSuccess: () => invalidateAfterChange(queryClient, 'task'),
  });
}
