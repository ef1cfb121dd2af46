import { useQuery } from '@tanstack/react-query';
import { authStore } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';
import { readFile } from './read-file';

/**
 * A whole file as a Blob through fs/preview, for what must be framed on the app's origin:
 * the app's CSP frames only itself and blob: URLs, while a signed link may point at S3.
 * Not kept once the preview closes (gcTime 0): it can be large.
 */
export function useFileBlob(path: string, type: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.fs.entry(authStore.get().authType, path), 'blob'],
    queryFn: async ({ signal }) => {
      const { bytes } = await readFile('preview', path, { signal });
      return new Blob([bytes], { type });
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
