import type { FileShare } from '@pastebox/contract/schemas/file';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { filesBasePath } from './file-scope';

/**
 * GET /api/{admin|user}/files/{id}: one share with fresh preview and download links that
 * count no view (the public endpoint would count one).
 */
export function getFile(id: string): Promise<FileShare> {
  return apiRequest<FileShare>(`${filesBasePath()}/${encodeURIComponent(id)}`);
}

/** Always refetched on open: the visit links in it are short-lived. */
export function fileQueryOptions(authType: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.managedFiles.detail(authType, id),
    queryFn: () => getFile(id),
    staleTime: 0,
  });
}

/** One share for the preview and edit dialogs; idle while `id` is null. */
export function useFile(id: string | null) {
  const { authType } = useAuth();
  return useQuery({ ...fileQueryOptions(authType, id ?? ''), enabled: id !== null });
}
