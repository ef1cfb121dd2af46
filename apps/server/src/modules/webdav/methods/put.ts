import { Transform, type Readable } from 'node:stream';
import { maxUploadBytes } from '@/modules/uploads/service';
import type { VfsEntry } from '@/vfs/types';
import type { DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { assertWritable } from '../locks';
import { assertParentCollection, existingEntry } from '../resources';
import { onFs } from '../status';

/**
 * PUT (RFC 4918 §9.7): the body streams through the file system's write (never buffered),
 * with a Content-Length or chunked, 0 bytes included. 201 for a new file, 204 for one
 * replaced; a missing parent is 409 (no intermediate collections are made), a
 * collection 405. The max upload size holds while the bytes stream (413).
 */

/** The request's Content-Length, when it sent a usable one. */
function declaredLength(value: string | null): number | undefined {
  const length = Number(value);
  return value !== null && value.trim() !== '' && Number.isSafeInteger(length) && length >= 0
    ? length
    : undefined;
}

/** Counts the bytes and fails the stream past `maxBytes`. */
function limited(body: Readable, maxBytes: number, onTooLarge: () => void): Readable {
  let seen = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        onTooLarge();
        callback(new DavHttpError(413, undefined, [], 'larger than the maximum upload size'));
        return;
      }
      callback(null, chunk);
    },
  });
  body.once('error', (error) => guard.destroy(error));
  return body.pipe(guard);
}

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
    const maxBytes = await maxUploadBytes(ctx.deps);
    const size = declaredLength(ctx.request.headers.get('content-length'));
    if (size !== undefined && size > maxBytes) {
      throw new DavHttpError(413, undefined, [], 'larger than the maximum upload size');
    }
    let tooLarge = false;
    const stream = limited(body, maxBytes, () => {
      tooLarge = true;
    });
    let entry: VfsEntry;
    try {
      entry = await onFs(() => ctx.fs.write(ctx.path, stream, size !== undefined ? { size } : {}), {
        ALREADY_EXISTS: 405,
        MOUNT_POINT: 409,
      });
    } catch (error) {
      throw tooLarge ? new DavHttpError(413) : error;
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
