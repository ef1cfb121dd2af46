import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/public/bundles/{slug} (issue 33). Opening counts one view and answers the files
 * with visit links and the ZIP link; a protected bundle answers requires_password and no
 * links. 404 BUNDLE_NOT_FOUND, 410 SHARE_EXPIRED or VIEW_LIMIT_REACHED otherwise.
 */
export function getPublicBundle(slug: string): Promise<PublicBundle> {
  return apiRequest<PublicBundle>(`/public/bundles/${encodeURIComponent(slug)}`);
}

/** Read once, never refetched nor retried: each read is a view. */
export function publicBundleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.publicBundle(slug),
    queryFn: () => getPublicBundle(slug),
    staleTime: Infinity,
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** Opens the bundle at `slug` (see getPublicBundle). */
export function usePublicBundle(slug: string) {
  return useQuery(publicBundleQueryOptions(slug));
}

/** POST /api/public/bundles/{slug}/verify {password}: opens a protected bundle (one view). */
export function verifyBundlePassword(slug: string, password: string): Promise<PublicBundle> {
  return apiRequest<PublicBundle>(`/public/bundles/${encodeURIComponent(slug)}/verify`, {
    method: 'POST',
    body: { password },
  });
}

/** Unlocks a protected bundle; the opened bundle replaces the locked one in the cache. */
export function useVerifyBundlePassword(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => verifyBundlePassword(slug, password),
    onSuccess: (bundle) => queryClient.setQueryData(queryKeys.publicBundle(slug), bundle),
  });
}
