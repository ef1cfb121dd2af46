import { LIMITS } from '@pastebox/contract/limits';
import type { FileRequestList } from '@pastebox/contract/schemas/file-request';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { requestsBasePath } from './requests-base';

/** GET /api/{admin|user}/requests?limit&offset&search, newest first. */
export function getRequests(offset: number, search: string): Promise<FileRequestList> {
  const query = new URLSearchParams({
    limit: String(LIMITS.filesPageSize),
    offset: String(offset),
  });
  if (search) {
    query.set('search', search);
  }
  return apiRequest<FileRequestList>(`${requestsBasePath()}?${query.toString()}`);
}

export function requestsQueryOptions(authType: string, search: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.managedRequests.list(authType, search),
    queryFn: ({ pageParam }) => getRequests(pageParam, search),
    initialPageParam: 0,
    getNextPageParam: (last: FileRequestList) => {
      const next = last.pagination.offset + last.items.length;
      return last.items.length > 0 && next < last.pagination.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** The caller's requests (all of them for the admin), growing with `fetchNextPage`. */
export function useRequests(search: string) {
  const { authType } = useAuth();
  return useInfiniteQuery(requestsQueryOptions(authType, search));
}
