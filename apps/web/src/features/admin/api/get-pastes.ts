import { LIMITS } from '@pastebox/contract/limits';
import type { PasteList } from '@pastebox/contract/schemas/paste';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { pastesBasePath } from './paste-scope';

export interface PastesPageParams {
  /** 1-based page number. */
  page: number;
  search: string;
}

/**
 * GET /api/admin/pastes?page&limit&search for the admin, GET /api/user/pastes?limit&offset
 * &search for a key user (SPEC §7); 10 a page (SPEC §9).
 */
export async function getPastes({ page, search }: PastesPageParams): Promise<PasteList> {
  const limit = LIMITS.pastesPageSize;
  const base = pastesBasePath();
  const query = new URLSearchParams({ limit: String(limit) });
  if (base === '/admin/pastes') {
    query.set('page', String(page));
  } else {
    query.set('offset', String((page - 1) * limit));
  }
  if (search) {
    query.set('search', search);
  }
  return apiRequest<PasteList>(`${base}?${query.toString()}`);
}

/** Keyed by auth type too, so an admin and a key user never share cached pages. */
export function pastesQueryOptions(authType: string, params: PastesPageParams) {
  return queryOptions({
    queryKey: queryKeys.managedPastes.list(authType, params),
    queryFn: () => getPastes(params),
    placeholderData: keepPreviousData,
  });
}

/** One page of managed shares; the previous page stays visible while the next loads. */
export function usePastes(params: PastesPageParams) {
  const { authType } = useAuth();
  return useQuery(pastesQueryOptions(authType, params));
}
