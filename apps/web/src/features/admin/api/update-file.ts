import type { FileShare, UpdateFileBody } from '@pastebox/contract/schemas/file';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filesBasePath } from './file-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /api/{admin|user}/files/{id}: slug, remark, password, expiry, max views. */
export function updateFile(id: string, body: UpdateFileBody): Promise<FileShare> {
  return apiRequest<FileShare>(`${filesBasePath()}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves a share and refreshes the lists and details. */
export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFileBody }) => updateFile(id, body),
    onSuccess: () => invalidateAfterChange(queryClient, 'fileShare'),
  });
}
