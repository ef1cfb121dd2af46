import { Readable } from 'node:stream';
import type { ObjectStream } from './driver';

/**
 * Objects up to this size are read whole before the answer starts. Bounded memory: as much
 * as one stream's buffer holds anyway.
 */
export const WHOLE_BODY_MAX_BYTES = 64 * 1024;

/**
 * The 200 or 206 answer carrying an object's bytes (file shares, the fs API, WebDAV, local
 * storage's signed links): sets Content-Length and, for a range, Content-Range on `headers`.
 *
 * A small object is read whole and answered as one buffer, which @hono/node-server writes
 * with its headers in one write. A web stream around the file stream (`Readable.toWeb`) and
 * headers flushed in a write of their own were an eighth of a 10 KiB download's profile
 * (docs/performance.md, round 9). A larger object streams: memory stays flat at any size.
 */
export async function objectResponse(object: ObjectStream, headers: Headers): Promise<Response> {
  headers.set('Content-Length', String(object.contentLength));
  if (object.range) {
    headers.set('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  }
  const status = object.range ? 206 : 200;
  if (object.contentLength <= WHOLE_BODY_MAX_BYTES) {
    return new Response(await readWhole(object.body, object.contentLength), { status, headers });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    status,
    headers,
  });
}

/**
 * All of `body`, which must be `expected` bytes: an object that changed size since it was
 * looked at fails here, before a status is sent, instead of a Content-Length that lies.
 */
async function readWhole(body: Readable, expected: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > expected) {
      break;
    }
  }
  if (size !== expected) {
    body.destroy();
    throw new Error(`The object changed while it was read: ${size} bytes, ${expected} expected`);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
}
