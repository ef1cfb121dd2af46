import type { DeleteBundleResult } from '@pastebox/contract/schemas/bundle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bundlesBasePath } from '@/lib/bundles/bundle-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** DELETE /api/{admin|user}/bundles/{id}[?delete_files=true]: the bundle, its files if asked. */
export function deleteBundle(id: string, deleteFiles: boolean): Promise<DeleteBundleResult> {
  const query = deleteFiles ? '?delete_files=true' : '';
  return apiRequest<DeleteBundleResult>(`${bundlesBasePath()}/${encodeURIComponent(id)}${query}`, {
    method: 'DELETE',
  });
}

/** Deletes a bundle; the bundle lists refresh, and the file lists when its files went too. */
export function useDeleteBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteFiles }: { id: string; deleteFiles: boolean }) =>
      deleteBundle(id, deleteFiles),
    onSuccess: (_result, { deleteFiles }) =>
      invalidateAfterChange(queryClient, deleteFiles ? 'fileObject' : 'bundle'),
  });
}
