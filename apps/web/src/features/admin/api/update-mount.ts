import type { MountItem, UpdateMountBody } from '@pastebox/contract/schemas/mount';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /admin/mounts/{id}: absent fields stay as they are (also the active toggle). */
export function updateMount(id: string, body: UpdateMountBody): Promise<MountItem> {
  return apiRequest<MountItem>(`/admin/mounts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves a mount; the mount list and every listing refresh. */
export function useUpdateMount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMountBody }) => updateMount(id, body),
    onSuccess: () => invalidateAfterChange(queryClient, 'mount'),
  });
}
