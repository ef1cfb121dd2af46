import type { PublicFileRequest } from '@pastebox/contract/schemas/file-request';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Where a request's public calls live: /public/requests/{slug}[/…]. */
export function publicRequestPath(slug: string, rest = ''): string {
  return `/public/requests/${encodeURIComponent(slug)}${rest}`;
}

/**
 * GET /api/public/requests/{slug}: what a stranger sees (title, message, limits, what is
 * left, whether a password or name/e-mail are asked). Counts nothing; 404 REQUEST_NOT_FOUND.
 * Asked as a stranger even when signed in: the page must show what the link's visitor sees.
 */
export function getPublicRequest(slug: string): Promise<PublicFileRequest> {
  return apiRequest<PublicFileRequest>(publicRequestPath(slug), { anonymous: true });
}

export function publicRequestQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['public-request', slug] as const,
    queryFn: () => getPublicRequest(slug),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The request behind `/r/:slug`. */
export function usePublicRequest(slug: string) {
  return useQuery(publicRequestQueryOptions(slug));
}
