import { idParam } from '@pastebox/contract/schemas/common';
import { taskItem, taskList, taskListQuery } from '@pastebox/contract/schemas/task';
import { z } from 'zod';
import type { OwnerScope } from '@/db/filters';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { createRouter } from '@/lib/openapi';
import {
  familyRouteOf,
  ownerScopes,
  type ResourceAccess,
  scopedRoutes,
  type ScopeFamily,
} from '@/lib/scoped-routes';
import { cancelTask, deleteTask, getTask, listTasks } from './service';

/** Tasks are the mount file system's: a key needs mount permission and sees its own. */
const taskAccess: ResourceAccess<OwnerScope> = {
  resource: 'tasks',
  permission: 'mount',
  ...ownerScopes,
};

const deletedTask = z.object({ id: z.string() });

/** The routes of one family: admin/tasks (every task) or user/tasks (the key's own). */
function taskFamily(family: ScopeFamily<OwnerScope>) {
  const route = familyRouteOf(family, 'Tasks');
  return createRouter()
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '',
          summary: {
            admin: 'Background tasks, newest first',
            key: "The calling key's background tasks, newest first",
          },
          description: 'status: active (pending, running), finished, or all.',
          query: taskListQuery,
          answer: taskList,
        }),
        (c) => listTasks(c.get('deps'), family.scopeOf(c), c.req.valid('query')),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}',
          summary: 'One task with its progress',
          params: idParam,
          answer: taskItem,
        }),
        (c) => getTask(c.get('deps'), family.scopeOf(c), c.req.valid('param').id),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/{id}/cancel',
          summary: 'Cancel a task',
          description:
            'A pending task ends at once; a running one stops at its next object boundary ' +
            '(cancel_requested is true until then); a finished one is answered as it is.',
          params: idParam,
          answer: taskItem,
        }),
        (c) => cancelTask(c.get('deps'), family.scopeOf(c), c.req.valid('param').id),
      ),
    )
    .openapi(
      route({
        method: 'delete',
        path: '/{id}',
        summary: 'Clear a finished task',
        description: '409 TASK_NOT_FINISHED while it is pending or running.',
        params: idParam,
        answer: deletedTask,
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const { id } = c.req.valid('param');
        await deleteTask(c.get('deps'), scope, id);
        return ok(c, { id });
      },
    );
}

/** Background tasks under /admin/tasks and /user/tasks (SPEC §7). */
export const taskRoutes = scopedRoutes(taskAccess, taskFamily);
