import type { PasteView } from '@pastebox/contract/schemas/paste';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/paste/{slug}. A protected share answers without `content`; the admin and the
 * creating key get `canEdit` and `id`. Each anonymous read costs a view; with the content
 * comes `rawUrl`, the raw text of this visit, which costs none.
 */
export function getPasteView(slug: string): Promise<PasteView> {
  return apiRequest<PasteView>(`/paste/${encodeURIComponent(slug)}`);
}

export function pasteViewQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.pasteView(slug),
    queryFn: () => getPasteView(slug),
    // Reading spends a view: never refetch behind the reader's back, never retry a refusal.
    staleTime: Infinity,
    retry: false,
    refetchOnReconnect: false,
  });
}

export function usePasteView(slug: string) {
  return useQuery(pasteViewQueryOptions(slug));
}
