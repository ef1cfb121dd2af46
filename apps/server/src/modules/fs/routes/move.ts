import { batchMoveBody, batchMoveResult } from '@pastebox/contract/schemas/fs';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { checkCopy, planCopy } from '@/vfs/copy-plan';
import { VfsError, type Caller, type FileSystem } from '@/vfs/types';
import { fsAccess } from '../access';
import { fsRouteOf } from '../route';
import { startTransferTask } from './transfer-task';

/**
 * What refuses one move before it starts: all that refuses a copy, and a source the
 * caller may not delete — a mount point, one locked by another principal, one holding
 * what the server keeps for itself. (A key reaches only its basic_path: planCopy's 403.)
 */
async function checkedMove(fs: FileSystem, sourcePath: string, targetPath: string) {
  const plan = planCopy(fs, sourcePath, targetPath);
  await checkCopy(fs, plan);
  if ((await fs.resolve(plan.from)).key === '') {
    throw new VfsError('MOUNT_POINT', plan.from, 'a mount point moves in mount management');
  }
  await fs.assertRemovable(plan.from);
  return plan;
}

/** batch-move of one family: moves run as background tasks, like copies (issue 30). */
function fsMoveFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter().openapi(
    route({
      method: 'post',
      path: '/batch-move',
      summary: 'Move files and folders, within or across mounts and storages, as a task',
      description:
        'Answers 202 at once with the task (poll /tasks/{taskId}). targetPath works as in ' +
        'batch-copy. Within one mount an item is renamed (atomic); across mounts and storages ' +
        'it is copied, then its source deleted only if nothing of it failed or was skipped. ' +
        'Checked first as batch-copy is (403, 404, 400 COPY_INTO_ITSELF, also for a source ' +
        'moved onto itself), and the caller must be able to delete each source: 400 ' +
        'PATH_OUTSIDE_MOUNT for a mount point, 423 RESOURCE_LOCKED for a locked one.',
      request: jsonBody(batchMoveBody),
      responses: okResponse(batchMoveResult, 'The move task, pending', 202),
    }),
    async (c) => {
      const started = await startTransferTask(c, family, 'move', c.req.valid('json'), checkedMove);
      return ok(c, started, 202);
    },
  );
}

export const fsMoveRoutes = scopedRoutes(fsAccess, fsMoveFamily);
