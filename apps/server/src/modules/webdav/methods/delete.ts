import type { DavHandler } from '../context';
import { assertWritable, releaseLocks } from '../locks';
import { deleteDeadProps } from '../props';
import { onFs } from '../status';

/**
 * DELETE (RFC 4918 §9.6): a file, or a collection with everything in it (Depth is always
 * infinity for collections). Its locks and dead properties go with it. A mount point is
 * not the caller's to delete (403): it is configured, not stored.
 */
export const deleteHandler: DavHandler = async (ctx) => {
  await assertWritable(ctx, [{ path: ctx.path, depth: 'infinity' }]);
  await onFs(() => ctx.fs.stat(ctx.path));
  await onFs(() => ctx.fs.remove(ctx.path));
  await releaseLocks(ctx, ctx.path);
  await deleteDeadProps(ctx, ctx.path);
  return new Response(null, { status: 204 });
};
