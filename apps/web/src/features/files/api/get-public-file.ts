import type { PublicFile } from '@pastebox/contract/schemas/file';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/public/files/{slug}. Opening counts one view and answers previewUrl and
 * downloadUrl with a visit token; a protected share answers requires_password and no URLs.
 * 404 FILE_NOT_FOUND, 410 SHARE_EXPIRED or VIEW_LIMIT_REACHED otherwise.
 */
export function getPublicFile(slug: string): Promise<PublicFile> {
  return apiRequest<PublicFile>(`/public/files/${encodeURIComponent(slug)}`);
}

/** Query options for opening a share: read once, never refetched (each read is a view). */
export function publicFileQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.publicFile(slug),
    queryFn: () => getPublicFile(slug),
    // Each opening spends a view: never refetch behind the visitor's back, never retry.
    staleTime: Infinity,
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** Opens the share at `slug` (see getPublicFile). */
export function usePublicFile(slug: string) {
  return useQuery(publicFileQueryOptions(slug));
}
