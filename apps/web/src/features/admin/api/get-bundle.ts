import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { bundlesBasePath } from '@/lib/bundles/bundle-scope';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/{admin|user}/bundles/{id}: one bundle with its files (no view counted). */
export function getBundle(id: string): Promise<BundleDetail> {
  return apiRequest<BundleDetail>(`${bundlesBasePath()}/${encodeURIComponent(id)}`);
}

/** One bundle for the view and edit dialogs, read fresh each time; idle while `id` is null. */
export function useBundle(id: string | null) {
  const { authType } = useAuth();
  return useQuery({
    queryKey: queryKeys.managedBundles.detail(authType, id ?? ''),
    queryFn: () => getBundle(id ?? ''),
    staleTime: 0,
    enabled: id !== null,
  });
}
