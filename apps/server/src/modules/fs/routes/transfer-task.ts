import type { Context } from 'hono';
import { creatorOf, type AppEnv } from '@/context';
import type { ScopeFamily } from '@/lib/scoped-routes';
import { createCopyTask, createMoveTask } from '@/modules/tasks/service';
import type { CopyPlan } from '@/vfs/copy-plan';
import type { Caller, FileSystem } from '@/vfs/types';
import { callerFileSystem } from '../caller-fs';

interface TransferRequest {
  items: { sourcePath: string; targetPath: string }[];
  skipExisting: boolean;
}

/**
 * What batch-copy and batch-move share: every item checked up front with `check` (so a
 * refusal leaves no task behind), then one pending task of the caller's, its 202 fields.
 */
export async function startTransferTask(
  c: Context<AppEnv>,
  family: ScopeFamily<Caller>,
  type: 'copy' | 'move',
  body: TransferRequest,
  check: (fs: FileSystem, sourcePath: string, targetPath: string) => Promise<CopyPlan>,
) {
  const fs = callerFileSystem(c, family);
  const items: CopyPlan[] = [];
  for (const item of body.items) {
    items.push(await check(fs, item.sourcePath, item.targetPath));
  }
  const create = type === 'copy' ? createCopyTask : createMoveTask;
  const task = await create(c.get('deps'), {
    createdBy: creatorOf(c.get('principal')),
    caller: family.scopeOf(c),
    items,
    skipExisting: body.skipExisting,
  });
  return { taskId: task.id, status: task.status, task };
}
