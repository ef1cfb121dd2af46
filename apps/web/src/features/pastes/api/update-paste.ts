import type { PasteDetail, UpdatePasteBody } from '@pastebox/contract/schemas/paste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AuthType } from '@/lib/auth/auth-store';
import { invalidateAfterChange, queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/admin/pastes/{id} for the admin, PUT /api/user/pastes/{id} for the key that
 * created the share (SPEC §7: separate path families).
 */
export function updatePaste(
  authType: AuthType,
  id: string,
  body: UpdatePasteBody,
): Promise<PasteDetail> {
  const family = authType === 'admin' ? 'admin' : 'user';
  return apiRequest<PasteDetail>(`/${family}/pastes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/**
 * Edits a share in place; the page shows the saved version and the lists go stale. The
 * saved answer has no raw link (a new password or new limits revoke the old visit's), so
 * the owner's page is read again — free of views for the owner — for a new one.
 */
export function useUpdatePaste(slug: string, authType: AuthType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePasteBody }) =>
      updatePaste(authType, id, body),
    onSuccess: async (paste) => {
      queryClient.setQueryData(queryKeys.pasteView(slug), paste);
      const rereads =
        paste.slug === slug
          ? queryClient.invalidateQueries({ queryKey: queryKeys.pasteView(slug), exact: true })
          : Promise.resolve();
      await Promise.all([rereads, invalidateAfterChange(queryClient, 'paste')]);
    },
  });
}
