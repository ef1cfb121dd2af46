import { multistatus, statusResponse } from '@/modules/webdav/xml/write';
import { VfsError, type VfsEntry } from '@/vfs/types';
import type { DavContext, DavHandler } from '../context';
import { assertWritable, releaseLocks } from '../locks';
import { deleteDeadProps } from '../props';
import { asDavError, davStatusOf, onFs } from '../status';

/**
 * DELETE (RFC 4918 §9.6): a file, or a collection with everything in it (Depth is always
 * infinity for collections). Its locks and dead properties go with it. A mount point is
 * not the caller's to delete (403): it is configured, not stored.
 *
 * A collection goes in one storage call (a batch delete on S3, one recursive removal on
 * disk). Only when that fails does the delete go member by member, so that everything
 * that can go goes and the answer is a 207 naming each member that could not (§9.6.1:
 * the members that failed, not their ancestors, which failed only because of them). A
 * mount the walk meets below is such a member (403): it is configured, not stored.
 */
export const deleteHandler: DavHandler = async (ctx) => {
  await assertWritable(ctx, [{ path: ctx.path, depth: 'infinity' }]);
  const entry = await onFs(() => ctx.fs.stat(ctx.path));
  let failed: MemberFailure[] = [];
  try {
    await ctx.fs.remove(ctx.path);
  } catch (error) {
    if (!entry.isDirectory || !dividable(error)) {
      return asDavError(error);
    }
    failed = await removeMembers(ctx, ctx.path);
    if (failed.length === 0) {
      // Every member went: what stopped the collection itself may be gone too.
      await onFs(() => ctx.fs.remove(ctx.path));
    }
  }
  if (failed.length > 0) {
    return multistatus(
      failed.map(({ path, isDirectory, status }) =>
        statusResponse(ctx.href(path, isDirectory), status),
      ),
    );
  }
  await forget(ctx, ctx.path);
  return new Response(null, { status: 204 });
};

/** Failures that name the whole target, not some member of it: no point in dividing. */
function dividable(error: unknown): boolean {
  return !(
    error instanceof VfsError &&
    ['NOT_FOUND', 'MOUNT_POINT', 'INVALID_PATH', 'FORBIDDEN'].includes(error.code)
  );
}

interface MemberFailure {
  path: string;
  isDirectory: boolean;
  status: number;
}

/** The locks and dead properties of a removed resource (and of everything below it). */
async function forget(ctx: DavContext, path: string): Promise<void> {
  await releaseLocks(ctx, path);
  await deleteDeadProps(ctx, path);
}

/**
 * Removes what is below `path` one member at a time, depth first, and then each emptied
 * collection; answers the members that could not be removed. A mount point below is
 * configured, not stored: it stays (403), and so does every folder above it.
 */
async function removeMembers(ctx: DavContext, path: string): Promise<MemberFailure[]> {
  let entries: VfsEntry[];
  try {
    entries = (await ctx.fs.list(path)).entries;
  } catch (error) {
    return [{ path, isDirectory: true, status: davStatusOf(error) }];
  }
  const failed: MemberFailure[] = [];
  for (const entry of entries) {
    if (entry.mount) {
      failed.push({ path: entry.path, isDirectory: true, status: 403 });
      continue;
    }
    const below = entry.isDirectory ? await removeMembers(ctx, entry.path) : [];
    if (below.length > 0) {
      failed.push(...below);
      continue;
    }
    try {
      await ctx.fs.remove(entry.path);
      await forget(ctx, entry.path);
    } catch (error) {
      if (!(error instanceof VfsError && error.code === 'NOT_FOUND')) {
        failed.push({
          path: entry.path,
          isDirectory: entry.isDirectory,
          status: davStatusOf(error),
        });
      }
    }
  }
  return failed;
}
