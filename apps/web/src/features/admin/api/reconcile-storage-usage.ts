import type { StorageUsageFigures } from '@pastebox/contract/schemas/storage-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/**
 * POST /api/s3-configs/{id}/reconcile: lists the whole storage and sets the capacity
 * ledger's used figure to what it holds (files added or removed outside Pastebox). It can
 * take a while on a big storage.
 */
export function reconcileStorageUsage(id: string): Promise<StorageUsageFigures> {
  return apiRequest<StorageUsageFigures>(`/s3-configs/${encodeURIComponent(id)}/reconcile`, {
    method: 'POST',
  });
}

/**
 * Recounts a config's usage and refreshes the list, whose used figure reads the ledger.
 * The refresh is awaited, so the card shows the new figure by the time the caller hears.
 */
export function useReconcileStorageUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconcileStorageUsage,
    onSuccess: () => invalidateAfterChange(queryClient, 'storageConfig'),
  });
}
