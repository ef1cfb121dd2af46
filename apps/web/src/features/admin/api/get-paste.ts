import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { pastesBasePath } from './paste-scope';

/** GET /api/{admin|user}/pastes/{id}: one share with its content; no view is counted. */
export function getPaste(id: string): Promise<PasteDetail> {
  return apiRequest<PasteDetail>(`${pastesBasePath()}/${encodeURIComponent(id)}`);
}

/** Always refetched on open: the dialogs must show the current content. */
export function pasteQueryOptions(authType: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.managedPastes.detail(authType, id),
    queryFn: () => getPaste(id),
    staleTime: 0,
  });
}

/** The full share for the view and edit dialogs; idle while `id` is null. */
export function usePaste(id: string | null) {
  const { authType } = useAuth();
  return useQuery({ ...pasteQueryOptions(authType, id ?? ''), enabled: id !== null });
}
