import { LIMITS } from '@pastebox/contract/limits';
import type { FileList } from '@pastebox/contract/schemas/file';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { filesBasePath } from './file-scope';

/** GET /api/{admin|user}/files?limit&offset&search: 50 per request (SPEC §9). */
export async function getFiles(offset: number, search: string): Promise<FileList> {
  const query = new URLSearchParams({
    limit: String(LIMITS.filesPageSize),
    offset: String(offset),
  });
  if (search) {
    query.set('search', search);
  }
  return apiRequest<FileList>(`${filesBasePath()}?${query.toString()}`);
}

/** Pages of 50 loaded one after the other ("load more"); keyed by auth type and search. */
export function filesQueryOptions(authType: string, search: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.managedFiles.list(authType, search),
    queryFn: ({ pageParam }) => getFiles(pageParam, search),
    initialPageParam: 0,
    getNextPageParam: (last: FileList) => {
      const next = last.pagination.offset + last.items.length;
      return last.items.length > 0 && next < last.pagination.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** The managed file shares, newest first, growing by 50 with `fetchNextPage`. */
export function useFiles(search: string) {
  const { authType } = useAuth();
  return useInfiniteQuery(filesQueryOptions(authType, search));
}
