import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/**
 * DELETE /api/admin/dav/locks/{token}: the lock goes, whoever holds it; the client that held
 * it is refused its next write with the token. 404 DAV_LOCK_NOT_FOUND once it is gone.
 */
export function releaseDavLock(token: string): Promise<null> {
  return apiRequest<null>(`/admin/dav/locks/${encodeURIComponent(token)}`, { method: 'DELETE' });
}

/**
 * Releases one lock; the list is read again whatever the answer, since a lock that is not
 * found has expired or was released elsewhere and should leave the list too.
 */
export function useReleaseDavLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseDavLock,
    onSettled: () => invalidateAfterChange(queryClient, 'davLock'),
  });
}
