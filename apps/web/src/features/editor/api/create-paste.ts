import type { CreatePasteBody, PasteDetail } from '@pastebox/contract/schemas/paste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Management lists of shares live under this key prefix; a new share makes them stale. */
export const PASTE_LISTS_QUERY_KEY = ['pastes'] as const;

/** POST /api/paste — needs an admin token or an API key with text permission. */
export function createPaste(body: CreatePasteBody): Promise<PasteDetail> {
  return apiRequest<PasteDetail>('/paste', { method: 'POST', body });
}

/** Creates a text share and marks the share lists stale. */
export function useCreatePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaste,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASTE_LISTS_QUERY_KEY }),
  });
}
