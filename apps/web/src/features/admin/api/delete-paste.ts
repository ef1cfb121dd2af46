import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MANAGED_PASTES_KEY, pastesBasePath } from './paste-scope';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGED_PASTES_KEY }),
  });
}
