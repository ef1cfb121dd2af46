import type { BatchCopyBody, BatchCopyResult } from '@pastebox/contract/schemas/fs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { queryKeys } from '@/lib/query-keys';

/** POST fs/batch-copy: answers at once with the background task doing the copy. */
export function batchCopy(body: BatchCopyBody): Promise<BatchCopyResult> {
  return apiRequest<BatchCopyResult>(fsCallPath('batch-copy'), { method: 'POST', body });
}

/**
 * Starts a copy. Only the task list is stale now; the listings change as the task runs
 * and are refreshed when the task manager sees it finish.
 */
export function useBatchCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchCopy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  });
}
