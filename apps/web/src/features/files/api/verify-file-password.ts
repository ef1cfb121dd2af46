import type { PublicFile } from '@pastebox/contract/schemas/file';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/public/files/{slug}/verify {password}: opens a protected share (one view).
 * A wrong password is 401 WRONG_PASSWORD and signs nobody out (SPEC §8).
 */
export function verifyFilePassword(slug: string, password: string): Promise<PublicFile> {
  return apiRequest<PublicFile>(`/public/files/${encodeURIComponent(slug)}/verify`, {
    method: 'POST',
    body: { password },
  });
}

/** Unlocks a protected file; the opened share replaces the locked one in the cache. */
export function useVerifyFilePassword(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => verifyFilePassword(slug, password),
    onSuccess: (file) => queryClient.setQueryData(queryKeys.publicFile(slug), file),
  });
}
