import { batchCopyBody, batchCopyResult } from '@pastebox/contract/schemas/fs';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { checkCopy, planCopy } from '@/vfs/copy-plan';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { fsRouteOf } from '../route';
import { startTransferTask } from './transfer-task';

/** batch-copy of one family: copies run as background tasks (SPEC §7, DESIGN §7). */
function fsCopyFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter().openapi(
    route({
      method: 'post',
      path: '/batch-copy',
      summary: 'Copy files and folders, within or across mounts and storages, as a task',
      description:
        'Answers 202 at once with the task; the server copies in the background (poll ' +
        '/tasks/{taskId}). A targetPath ending in / is the folder to copy into, otherwise the ' +
        'full destination. Every path is checked first: 403 PATH_FORBIDDEN outside the ' +
        'key’s base path, 404 PATH_NOT_FOUND for a missing source, 400 COPY_INTO_ITSELF for ' +
        'a folder copied into itself or its own subfolder. skipExisting leaves files that ' +
        'already exist at the target as they are (counted as skipped).',
      request: jsonBody(batchCopyBody),
      responses: okResponse(batchCopyResult, 'The copy task, pending', 202),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const started = await startTransferTask(c, family, 'copy', body, async (fs, from, to) => {
        const plan = planCopy(fs, from, to);
        await checkCopy(fs, plan);
        return plan;
      });
      const { taskId, status, task } = started;
      return ok(c, { taskId, status, requiresClientSideCopy: false as const, task }, 202);
    },
  );
}

export const fsCopyRoutes = scopedRoutes(fsAccess, fsCopyFamily);
