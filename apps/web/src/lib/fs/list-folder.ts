import type { FsListing } from '@pastebox/contract/schemas/fs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';
import { fsCallPath } from './fs-family';

/** GET /{admin|user}/fs/list?path: a folder's entries; `/` lists the mounts (SPEC §7). */
export function listFolder(path: string, signal?: AbortSignal): Promise<FsListing> {
  return apiRequest<FsListing>(fsCallPath('list', { path }), { signal });
}

export function folderQueryOptions(path: string) {
  return queryOptions({
    queryKey: queryKeys.fs.list(authStore.get().authType, path),
    queryFn: ({ signal }) => listFolder(path, signal),
  });
}

/** One folder's listing; shared by the explorer and the folder choosers. */
export function useFolder(path: string, enabled = true) {
  return useQuery({ ...folderQueryOptions(path), enabled });
}
