import type { CreateMountBody, MountItem } from '@pastebox/contract/schemas/mount';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /admin/mounts (admin only, SPEC §6). */
export function createMount(body: CreateMountBody): Promise<MountItem> {
  return apiRequest<MountItem>('/admin/mounts', { method: 'POST', body });
}

/** Creates a mount; the mount list and the explorer's root refresh. */
export function useCreateMount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMount,
    onSuccess: () => invalidateAfterChange(queryClient, 'mount'),
  });
}
