import type { RenameBody } from '@pastebox/contract/schemas/fs';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { useFsChange } from './use-fs-change';

/** POST fs/rename: a file or a folder (with its contents), within its mount. */
export function renameEntry(body: RenameBody): Promise<RenameBody> {
  return apiRequest<RenameBody>(fsCallPath('rename'), { method: 'POST', body });
}

export const useRenameEntry = () => useFsChange(renameEntry);
