import { idParam } from '@pastebox/contract/schemas/common';
import { taskItem, taskList, taskListQuery } from '@pastebox/contract/schemas/task';
import { z } from 'zod';
import type { OwnerScope } from '@/db/filters';
import { ok } from '@/lib/envelope';
import { createRouter, okResponse } from '@/lib/openapi';
import {
  familyRoute,
  ownerScopes,
  scopedRoutes,
  type FamilyRouteConfig,
  type ResourceAccess,
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
  const route = <R extends FamilyRouteConfig>(config: R) => familyRoute(family, 'Tasks', config);
  return createRouter()
    .openapi(
      route({
        method: 'get',
        path: '',
        summary: {
          admin: 'Background tasks, newest first',
          key: "The calling key's background tasks, newest first",
        },
        description: 'status: active (pending, running), finished, or all.',
        request: { query: taskListQuery },
        responses: okResponse(taskList),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, await listTasks(c.get('deps'), scope, c.req.valid('query')));
      },
    )
    .openapi(
      route({
        method: 'get',
        path: '/{id}',
        summary: 'One task with its progress',
        request: { params: idParam },
        responses: okResponse(taskItem),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, await getTask(c.get('deps'), scope, c.req.valid('param').id));
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/{id}/cancel',
        summary: 'Cancel a task',
        description:
          'A pending task ends at once; a running one stops at its next object boundary ' +
          '(cancel_requested is true until then); a finished one is answered as it is.',
        request: { params: idParam },
        responses: okResponse(taskItem),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, await cancelTask(c.get('deps'), scope, c.req.valid('param').id));
      },
    )
    .openapi(
      route({
        method: 'delete',
        path: '/{id}',
        summary: 'Clear a finished task',
        description: '409 TASK_NOT_FINISHED while it is pending or running.',
        request: { params: idParam },
        responses: okResponse(deletedTask),
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
