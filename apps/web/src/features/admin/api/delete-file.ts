import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STORAGE_CONFIGS_KEY } from './get-storage-configs';
import { filesBasePath, MANAGED_FILES_KEY } from './file-scope';

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
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MANAGED_FILES_KEY });
      await queryClient.invalidateQueries({ queryKey: STORAGE_CONFIGS_KEY });
    },
  });
}
