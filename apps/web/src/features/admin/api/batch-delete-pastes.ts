import type { BatchDeleteBody } from '@pastebox/contract/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pastesBasePath } from './paste-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /api/{admin|user}/pastes/batch-delete {ids} → how many were deleted. */
export function batchDeletePastes(ids: string[]): Promise<{ deleted: number }> {
  const body: BatchDeleteBody = { ids };
  return apiRequest<{ deleted: number }>(`${pastesBasePath()}/batch-delete`, {
    method: 'POST',
    body,
  });
}

/** Deletes several shares; the lists refresh whether it worked or not. */
export function useBatchDeletePastes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeletePastes,
    onSettled: () => invalidateAfterChange(queryClient, 'paste'),
  });
}
