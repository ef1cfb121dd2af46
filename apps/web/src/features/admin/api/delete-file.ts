import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filesBasePath } from './file-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** DELETE /api/{admin|user}/files/{id}: the share and its stored object. */
export function deleteFile(id: string): Promise<{ deleted: number }> {
  return apiRequest<{ deleted: number }>(`${filesBasePath()}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** Deletes one share; the lists and the storage usage refresh. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => invalidateAfterChange(queryClient, 'fileObject'),
  });
}
