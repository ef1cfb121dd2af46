import type { BundleDetail, UpdateBundleBody } from '@pastebox/contract/schemas/bundle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bundlesBasePath } from '@/lib/bundles/bundle-scope';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /api/{admin|user}/bundles/{id}: title, slug, password, expiry, max views. */
export function updateBundle(id: string, body: UpdateBundleBody): Promise<BundleDetail> {
  return apiRequest<BundleDetail>(`${bundlesBasePath()}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves a bundle and refreshes the lists and details. */
export function useUpdateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBundleBody }) => updateBundle(id, body),
    onSuccess: () => invalidateAfterChange(queryClient, 'bundle'),
  });
}
