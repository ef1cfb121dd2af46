import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { useFsChange } from './use-fs-change';

/** POST fs/mkdir: 409 PATH_EXISTS when the name is taken. */
export function makeFolder(path: string): Promise<FsEntry> {
  return apiRequest<FsEntry>(fsCallPath('mkdir'), { method: 'POST', body: { path } });
}

export const useMakeFolder = () => useFsChange(makeFolder);
