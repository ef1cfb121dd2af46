import { createHash } from 'node:crypto';
import { WEBDAV_UPLOAD_MODES } from '@pastebox/contract/schemas/system-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_SINGLE_PUT_MAX } from '@/modules/webdav/methods/put-body';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { eachStorage, mountOn, textOf, type TestMount } from '../vfs/support';
import { davFetch } from './dav-support';

/** Larger than one multipart part, so a multipart upload has two parts (ETag `…-2`). */
const LARGE = AUTO_SINGLE_PUT_MAX + 1024 * 1024;
const SMALL = 64 * 1024;

/** Deterministic bytes, different per seed. */
function bytesOf(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  for (let at = 0; at < size; at += 1) {
    out[at] = (at * 31 + seed * 7 + (at >> 10)) & 0xff;
  }
  return out;
}

/** The bytes as a stream body: fetch sends it chunked, with no Content-Length. */
function streamed(bytes: Buffer): ReadableStream<Uint8Array> {
  const CHUNK = 256 * 1024;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(at, at + CHUNK));
      at += CHUNK;
    },
  });
}

function sha(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

type Mode = (typeof WEBDAV_UPLOAD_MODES)[number];

/**
 * Which S3 request each mode makes: 'multipart' answers a multipart ETag (`"…-N"`),
 * 'single' a plain MD5 one. Small bodies always go in one request (under one part).
 */
const EXPECTED: Record<Mode, { known: 'single' | 'multipart'; unknown: 'single' | 'multipart' }> = {
  auto: { known: 'multipart', unknown: 'multipart' },
  presigned: { known: 'multipart', unknown: 'multipart' },
  multipart: { known: 'multipart', unknown: 'multipart' },
  direct: { known: 'single', unknown: 'multipart' },
};

eachStorage((target) => {
  describe(`WebDAV PUT upload modes [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target, { mountPath: '/up' });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    async function storedSha(key: string): Promise<string> {
      const object = await mount.driver.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) {
        chunks.push(chunk as Buffer);
      }
      return sha(Buffer.concat(chunks));
    }

    for (const mode of WEBDAV_UPLOAD_MODES) {
      it(`${mode}: stores the bytes with and without a Content-Length`, async () => {
        const setting = await admin.put('/api/admin/system-settings', { webdav_upload_mode: mode });
        expect(setting.status).toBe(200);
        const cases = [
          {
            name: 'known.bin',
            bytes: bytesOf(LARGE, 1),
            chunked: false,
            path: EXPECTED[mode].known,
          },
          {
            name: 'unknown.bin',
            bytes: bytesOf(LARGE, 2),
            chunked: true,
            path: EXPECTED[mode].unknown,
          },
          { name: 'small.bin', bytes: bytesOf(SMALL, 3), chunked: false, path: 'single' },
          { name: 'empty.bin', bytes: Buffer.alloc(0), chunked: true, path: 'single' },
        ] as const;
        for (const { name, bytes, chunked, path } of cases) {
          const res = await davFetch(server, 'PUT', `/up/${mode}-${name}`, {
            body: chunked ? streamed(bytes) : bytes,
          });
          expect(res.status, `${mode} ${name}`).toBe(201);
          expect(await storedSha(`${mode}-${name}`), `${mode} ${name}`).toBe(sha(bytes));
          if (target.name === 'swift') {
            // S3 marks an object written by a multipart upload with its part count.
            const etag = res.headers.get('etag') ?? '';
            expect(/-\d+"$/.test(etag) ? 'multipart' : 'single', `${mode} ${name} ${etag}`).toBe(
              path,
            );
          }
        }
        const got = await davFetch(server, 'GET', `/up/${mode}-known.bin`);
        expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(sha(bytesOf(LARGE, 1)));
      });
    }
  });

  describe(`WebDAV PUT with a storage capacity [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target, { mountPath: '/q' });
      const capped = await admin.put(`/api/s3-configs/${mount.configId}`, {
        total_storage_bytes: 10 * 1024,
      });
      expect(capped.status).toBe(200);
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('answers 507 past the capacity, before the first byte or while streaming', async () => {
      const declared = await davFetch(server, 'PUT', '/q/big.bin', { body: bytesOf(20 * 1024, 4) });
      expect(declared.status).toBe(507);
      expect(await mount.driver.stat('big.bin')).toBeNull();

      const chunked = await davFetch(server, 'PUT', '/q/chunked.bin', {
        body: streamed(bytesOf(200 * 1024, 5)),
      });
      expect(chunked.status).toBe(507);
      expect(await mount.driver.stat('chunked.bin')).toBeNull();

      const fits = await davFetch(server, 'PUT', '/q/small.txt', { body: 'fits' });
      expect(fits.status).toBe(201);
      expect(await textOf((await mount.driver.get('small.txt')).body)).toBe('fits');
    });
  });
});
