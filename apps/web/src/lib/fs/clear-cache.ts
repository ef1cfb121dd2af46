import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { familyBase } from '@/lib/fs/fs-family';
import { invalidateAfterChange } from '@/lib/query-keys';

/**
 * POST /{admin|user}/cache/clear (SPEC §7): the listing caches the caller sees are dropped.
 * Called from the explorer's toolbar and from Admin → Settings.
 */
export function clearCache(): Promise<{ cleared: number }> {
  return apiRequest<{ cleared: number }>(`${familyBase()}/cache/clear`, { method: 'POST' });
}

/** Clears the server's caches, then reloads what is on screen from the storage itself. */
export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCache,
    onSuccess: () => invalidateAfterChange(queryClient, 'fsEntry'),
  });
}
