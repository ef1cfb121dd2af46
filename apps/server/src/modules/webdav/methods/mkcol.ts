import type { DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { assertWritable } from '../locks';
import { onFs } from '../status';
import { assertParentCollection, existingEntry } from '../resources';
import { hasBody } from '@/modules/webdav/xml/read-body';

/**
 * MKCOL (RFC 4918 §9.3): 201; 405 when something already has the name; 409 when the
 * parent collection is missing; 415 for a body (no MKCOL extension is supported).
 */
export const mkcolHandler: DavHandler = async (ctx) => {
  if (await hasBody(ctx)) {
    throw new DavHttpError(415, undefined, [], 'MKCOL takes no body');
  }
  await assertWritable(ctx, [{ path: ctx.path, depth: '0' }]);
  if (await onFs(() => existingEntry(ctx, ctx.path))) {
    throw new DavHttpError(405, undefined, [], 'something already has this name');
  }
  await assertParentCollection(ctx, ctx.path);
  await onFs(() => ctx.fs.mkdir(ctx.path), { ALREADY_EXISTS: 405, MOUNT_POINT: 405 });
  return new Response(null, { status: 201 });
};
