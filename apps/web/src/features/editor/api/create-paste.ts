import type { CreatePasteBody, PasteDetail } from '@pastebox/contract/schemas/paste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /api/paste — needs an admin token or an API key with text permission. */
export function createPaste(body: CreatePasteBody): Promise<PasteDetail> {
  return apiRequest<PasteDetail>('/paste', { method: 'POST', body });
}

/** Creates a text share and marks the share lists stale. */
export function useCreatePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaste,
    onSuccess: () => invalidateAfterChange(queryClient, 'paste'),
  });
}
