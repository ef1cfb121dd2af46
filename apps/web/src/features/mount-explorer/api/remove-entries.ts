import type { BatchResult } from '@pastebox/contract/schemas/fs';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { useFsChange } from './use-fs-change';

/**
 * DELETE fs/remove for one path (a folder with everything in it), POST fs/batch-remove for
 * several: the batch answers what succeeded and what failed, path by path (SPEC §8).
 */
export async function removeEntries(paths: string[]): Promise<BatchResult> {
  const [only] = paths;
  if (paths.length === 1 && only !== undefined) {
    await apiRequest<unknown>(fsCallPath('remove', { path: only }), { method: 'DELETE' });
    return { success: 1, failed: [] };
  }
  return apiRequest<BatchResult>(fsCallPath('batch-remove'), { method: 'POST', body: { paths } });
}

export const useRemoveEntries = () => useFsChange(removeEntries);
