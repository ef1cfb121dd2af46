import { isAppError } from '@/lib/errors';
import { readSystemSettings } from '@/modules/system-settings/service';
import type { VfsEntry } from '@/vfs/types';
import type { DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { assertWritable } from '../locks';
import { assertParentCollection, existingEntry } from '../resources';
import { onFs } from '../status';
import { declaredLength, limitedBody, transferFor } from './put-body';

/**
 * PUT (RFC 4918 §9.7): the body streams through the file system's write (never buffered),
 * with a Content-Length or chunked, 0 bytes included. 201 for a new file, 204 for one
 * replaced; a missing parent is 409 (no intermediate collections are made), a
 * collection 405. The max upload size (413) holds before the first byte when the length is
 * declared, and while the bytes stream either way; the storage's capacity (507 Insufficient
 * Storage) is the file system's write's: it reserves the declared length on the capacity
 * ledger before the first byte, and reserves as the bytes stream past it (DESIGN §5). The
 * WebDAV upload mode setting picks how the bytes reach S3 (put-body.ts).
 */
export const putHandler: DavHandler = async (ctx) => {
  const body = ctx.body();
  try {
    await assertWritable(ctx, [{ path: ctx.path, depth: '0' }]);
    const before = await onFs(() => existingEntry(ctx, ctx.path));
    if (before?.isDirectory) {
      throw new DavHttpError(405, undefined, [], 'a collection cannot be PUT');
    }
    if (!before) {
      await assertParentCollection(ctx, ctx.path);
    }
    const settings = await readSystemSettings(ctx.deps);
    const maxBytes = settings.max_upload_size_bytes;
    const size = declaredLength(ctx.request.headers.get('content-length'));
    if (size !== undefined && size > maxBytes) {
      throw new DavHttpError(413, undefined, [], 'larger than the maximum upload size');
    }
    let refused: DavHttpError | null = null;
    const stream = limitedBody(body, { maxBytes }, (error) => {
      refused = error;
    });
    const options = {
      ...(size !== undefined ? { size } : {}),
      transfer: transferFor(settings.webdav_upload_mode, size),
    };
    let entry: VfsEntry;
    try {
      entry = await onFs(() => ctx.fs.write(ctx.path, stream, options), {
        ALREADY_EXISTS: 405,
        MOUNT_POINT: 409,
      });
    } catch (error) {
      throw refused ?? insufficientStorageAs507(error);
    }
    const headers = new Headers();
    if (entry.etag) {
      headers.set('ETag', `"${entry.etag}"`);
    }
    return new Response(null, { status: before ? 204 : 201, headers });
  } finally {
    // A refused PUT leaves the body unread: drain it so the answer reaches the client.
    body.resume();
  }
};

/** The capacity ledger's refusal (the API's INSUFFICIENT_STORAGE) as WebDAV's own 507. */
function insufficientStorageAs507(error: unknown): unknown {
  return isAppError(error) && error.key === 'INSUFFICIENT_STORAGE'
    ? new DavHttpError(507, undefined, [], error.message)
    : error;
}
