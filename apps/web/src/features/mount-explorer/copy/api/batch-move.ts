import type { BatchMoveBody, BatchMoveResult } from '@pastebox/contract/schemas/fs';
import { baseNameOf, joinPath } from '@pastebox/contract/rules/virtual-path';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renameEntry } from '@/features/mount-explorer/api/rename-entry';
import { useFsChange } from '@/features/mount-explorer/api/use-fs-change';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { queryKeys } from '@/lib/query-keys';

/** POST fs/batch-move: answers at once with the background task doing the move. */
export function batchMove(body: BatchMoveBody): Promise<BatchMoveResult> {
  return apiRequest<BatchMoveResult>(fsCallPath('batch-move'), { method: 'POST', body });
}

/** Starts a move task; as with a copy, the listings refresh when the task manager sees it end. */
export function useBatchMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchMove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  });
}

/** Renames each source into the folder, one after the other; the first refusal stops the rest. */
async function renameEachInto(variables: { sources: string[]; target: string }): Promise<void> {
  for (const oldPath of variables.sources) {
    await renameEntry({ oldPath, newPath: joinPath(variables.target, baseNameOf(oldPath)) });
  }
}

/** A move within one mount, done at once: the listings refresh as soon as it settles. */
export const useRenameInto = () => useFsChange(renameEachInto);
