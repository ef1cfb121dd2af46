import type { MountItem } from '@pastebox/contract/schemas/mount';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { familyBase } from '@/lib/fs/fs-family';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /admin/mounts (every mount) or /user/mounts (a key with mount permission: the mounts
 * on the way to and under its basic_path, read-only; SPEC §6, §7).
 */
export function getMounts(signal?: AbortSignal): Promise<MountItem[]> {
  return apiRequest<MountItem[]>(`${familyBase()}/mounts`, { signal });
}

export function mountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.mounts.list(authStore.get().authType),
    queryFn: ({ signal }) => getMounts(signal),
  });
}

/** The mount list of the signed-in caller's family. */
export function useMounts() {
  return useQuery(mountsQueryOptions());
}
