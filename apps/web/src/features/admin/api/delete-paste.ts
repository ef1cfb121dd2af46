import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pastesBasePath } from './paste-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** DELETE /api/{admin|user}/pastes/{id}. */
export function deletePaste(id: string): Promise<{ deleted: number }> {
  return apiRequest<{ deleted: number }>(`${pastesBasePath()}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** Deletes one share and refreshes the lists. */
export function useDeletePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaste,
    onSuccess: () => invalidateAfterChange(queryClient, 'paste'),
  });
}
