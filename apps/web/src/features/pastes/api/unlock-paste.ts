import type { PasteView } from '@pastebox/contract/schemas/paste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/paste/{slug} with the share's password: the content and `rawUrl`, whose visit
 * token stands in for the password. A wrong one is a 401 WRONG_PASSWORD that signs nobody
 * out; too many attempts answer 429 RATE_LIMITED.
 */
export function unlockPaste(slug: string, password: string): Promise<PasteView> {
  return apiRequest<PasteView>(`/paste/${encodeURIComponent(slug)}`, {
    method: 'POST',
    body: { password },
  });
}

/** Unlocks a protected share; the opened share replaces the locked one in the cache. */
export function useUnlockPaste(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => unlockPaste(slug, password),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.pasteView(slug), view),
  });
}
