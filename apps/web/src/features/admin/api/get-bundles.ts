import { LIMITS } from '@pastebox/contract/limits';
import type { BundleList } from '@pastebox/contract/schemas/bundle';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { bundlesBasePath } from '@/lib/bundles/bundle-scope';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/{admin|user}/bundles?limit&offset&search (issue 33), newest first. */
export async function getBundles(offset: number, search: string): Promise<BundleList> {
  const query = new URLSearchParams({
    limit: String(LIMITS.filesPageSize),
    offset: String(offset),
  });
  if (search) {
    query.set('search', search);
  }
  return apiRequest<BundleList>(`${bundlesBasePath()}?${query.toString()}`);
}

/** Pages loaded one after the other ("load more"); keyed by auth type and search. */
export function bundlesQueryOptions(authType: string, search: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.managedBundles.list(authType, search),
    queryFn: ({ pageParam }) => getBundles(pageParam, search),
    initialPageParam: 0,
    getNextPageParam: (last: BundleList) => {
      const next = last.pagination.offset + last.items.length;
      return last.items.length > 0 && next < last.pagination.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** The managed bundles, growing a page at a time with `fetchNextPage`. */
export function useBundles(search: string) {
  const { authType } = useAuth();
  return useInfiniteQuery(bundlesQueryOptions(authType, search));
}
