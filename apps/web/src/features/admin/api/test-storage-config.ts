import type { StorageTestResult } from '@pastebox/contract/schemas/storage-config';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/s3-configs/{id}/test: writes, reads, lists and deletes a probe object. */
export function testStorageConfig(id: string): Promise<StorageTestResult> {
  return apiRequest<StorageTestResult>(`/s3-configs/${encodeURIComponent(id)}/test`, {
    method: 'POST',
  });
}

/** Runs the probe; nothing to refresh afterwards (the probe leaves nothing behind). */
export function useTestStorageConfig() {
  return useMutation({ mutationFn: testStorageConfig });
}
