import { batchCopyBody, batchCopyResult } from '@pastebox/contract/schemas/fs';
import { creatorOf } from '@/context';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { createCopyTask } from '@/modules/tasks/service';
import { checkCopy, planCopy, type CopyPlan } from '@/vfs/copy-plan';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { callerFileSystem } from '../caller-fs';
import { fsRouteOf } from '../route';

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
      const caller = family.scopeOf(c);
      const fs = callerFileSystem(c, family);
      const body = c.req.valid('json');
      const items: CopyPlan[] = [];
      for (const item of body.items) {
        const plan = planCopy(fs, item.sourcePath, item.targetPath);
        await checkCopy(fs, plan);
        items.push(plan);
      }
      const task = await createCopyTask(c.get('deps'), {
        createdBy: creatorOf(c.get('principal')),
        caller,
        items,
        skipExisting: body.skipExisting,
      });
      const answer = {
        taskId: task.id,
        status: task.status,
        requiresClientSideCopy: false as const,
        task,
      };
      return ok(c, answer, 202);
    },
  );
}

export const fsCopyRoutes = scopedRoutes(fsAccess, fsCopyFamily);
