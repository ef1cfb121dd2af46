import type { DavLockItem } from '@pastebox/contract/schemas/dav-lock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Locks come and go as WebDAV clients work (a lock lives minutes to a day); the list is
 * read again this often while it is on screen, so a released or expired lock leaves it.
 */
const DAV_LOCKS_POLL_MS = 30_000;

/** GET /api/admin/dav/locks: every active WebDAV lock with who holds it (admin only). */
export function getDavLocks(signal?: AbortSignal): Promise<DavLockItem[]> {
  return apiRequest<DavLockItem[]>('/admin/dav/locks', { signal });
}

export const davLocksQueryOptions = queryOptions({
  queryKey: queryKeys.davLocks,
  queryFn: ({ signal }) => getDavLocks(signal),
});

/** The lock list, polled while the page is visible. */
export function useDavLocks() {
  return useQuery({
    ...davLocksQueryOptions,
    refetchInterval: DAV_LOCKS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
