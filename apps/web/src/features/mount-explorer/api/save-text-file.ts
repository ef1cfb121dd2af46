import type { FsWriteResult, UpdateFileBody } from '@pastebox/contract/schemas/fs';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { useFsChange } from './use-fs-change';

/** POST fs/update: creates or overwrites a text file; 413 over 10 MB (SPEC §5, §9). */
export function saveTextFile(body: UpdateFileBody): Promise<FsWriteResult> {
  return apiRequest<FsWriteResult>(fsCallPath('update'), { method: 'POST', body });
}

export const useSaveTextFile = () => useFsChange(saveTextFile);
