import type { BatchDeleteBody } from '@pastebox/contract/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filesBasePath } from './file-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

export interface BatchDeleteFilesResult {
  deleted: number;
  /** Shares kept because their object could not be deleted. */
  failed: number;
}

/** POST /api/{admin|user}/files/batch-delete {ids}. */
export function batchDeleteFiles(ids: string[]): Promise<BatchDeleteFilesResult> {
  const body: BatchDeleteBody = { ids };
  return apiRequest<BatchDeleteFilesResult>(`${filesBasePath()}/batch-delete`, {
    method: 'POST',
    body,
  });
}

/** Deletes several shares; the lists refresh whether it worked or not. */
export function useBatchDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteFiles,
    onSettled: () => invalidateAfterChange(queryClient, 'fileObject'),
  });
}
