import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ObjectStream } from '@/storage/driver';
import { objectResponse, WHOLE_BODY_MAX_BYTES } from '@/storage/object-response';

// No database and no server: named for SQLite so that it runs once, not once per database.

/** An object of `size` bytes whose body arrives in `chunk`-byte pieces. */
function objectOf(bytes: Buffer, chunk = 16 * 1024, declared = bytes.length): ObjectStream {
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunk) {
    pieces.push(bytes.subarray(start, start + chunk));
  }
  return {
    body: Readable.from(pieces),
    size: declared,
    contentLength: declared,
    range: null,
    etag: null,
    contentType: null,
    lastModified: null,
  };
}

function bytesOf(size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, index) => index % 251));
}

describe('objectResponse', () => {
  it('answers a small object whole, as one buffer read from every chunk', async () => {
    const bytes = bytesOf(40_000);
    const response = await objectResponse(objectOf(bytes, 4096), new Headers());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('40000');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('streams an object above the threshold, the bytes unchanged', async () => {
    const bytes = bytesOf(WHOLE_BODY_MAX_BYTES + 1);
    const response = await objectResponse(objectOf(bytes), new Headers());
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers a range with 206 and its Content-Range', async () => {
    const bytes = bytesOf(100);
    const object = {
      ...objectOf(bytes.subarray(10, 20)),
      size: 100,
      range: { start: 10, end: 19 },
    };
    const response = await objectResponse(object, new Headers({ etag: '"x"' }));
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.headers.get('etag')).toBe('"x"');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(10, 20));
  });

  it('refuses an object that changed size since it was looked at, before any status', async () => {
    await expect(objectResponse(objectOf(bytesOf(500), 100, 400), new Headers())).rejects.toThrow(
      /changed while it was read: 500 bytes, 400 expected/,
    );
    await expect(objectResponse(objectOf(bytesOf(300), 100, 400), new Headers())).rejects.toThrow(
      /300 bytes, 400 expected/,
    );
  });
});
