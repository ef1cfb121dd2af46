import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** DELETE /admin/mounts/{id}: the mapping goes; the files in its storage stay. */
export function deleteMount(id: string): Promise<null> {
  return apiRequest<null>(`/admin/mounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a mount; the mount list and every listing refresh. */
export function useDeleteMount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMount,
    onSuccess: () => invalidateAfterChange(queryClient, 'mount'),
  });
}
