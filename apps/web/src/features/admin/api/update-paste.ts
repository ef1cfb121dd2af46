import type { PasteDetail, UpdatePasteBody } from '@pastebox/contract/schemas/paste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pastesBasePath } from './paste-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /api/{admin|user}/pastes/{id}: absent fields stay unchanged. */
export function updatePaste(id: string, body: UpdatePasteBody): Promise<PasteDetail> {
  return apiRequest<PasteDetail>(`${pastesBasePath()}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves a share and refreshes the lists and details. */
export function useUpdatePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePasteBody }) => updatePaste(id, body),
    onSuccess: () => invalidateAfterChange(queryClient, 'paste'),
  });
}
