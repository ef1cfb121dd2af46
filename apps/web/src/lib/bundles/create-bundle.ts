import type { BundleDetail, CreateBundleBody } from '@pastebox/contract/schemas/bundle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';
import { bundlesBasePath } from './bundle-scope';

/** POST /api/{admin|user}/bundles: one link for the given file shares, in their order. */
export function createBundle(body: CreateBundleBody): Promise<BundleDetail> {
  return apiRequest<BundleDetail>(bundlesBasePath(), { method: 'POST', body });
}

/** Creates a bundle; the bundle lists refresh. Used by the upload page and the file list. */
export function useCreateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBundle,
    onSuccess: () => invalidateAfterChange(queryClient, 'bundle'),
  });
}
