import fs from 'node:fs';
import type { MultipartInitResult } from '@pastebox/contract/schemas/fs';
import type { MultipartSession, PartUrlResult } from '@pastebox/contract/schemas/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { ClientAbortError, isClientAbort } from '@/lib/client-abort';
import { LocalDriver } from '@/storage/local';
import type { ApiClient } from '../support/api-client';
import { captureLogs, ERROR_LEVEL } from '../support/log-capture';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import { eachStorage, fsBase, MIB, mountStorage, type MountedStorage } from '../fs/uploads-support';
import { ledgerOf, storedBytes } from '../storage-configs/ledger-support';
import { tempFilesUnder } from '../tasks/in-flight-support';
import { abortMidBody, formHead } from './client-abort-support';

/**
 * Issue 30: a client that cancels an upload mid-body — the share form, the explorer's form
 * and its multipart parts, a local signed part URL, a WebDAV PUT — is the client's
 * decision: the server logs it as ONE info line without a stack, never at error level,
 * and keeps nothing of it (no object, no temp file, no reservation left on the ledger).
 */

const ABORT_LINE = 'the client aborted the request before its body was complete';
const INFO_LEVEL = 30;

eachStorage((target) => {
  describe(`a cancelled upload is not a server error [${target.name}]`, () => {
    const logs = captureLogs();
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    let davAuth: string;

    beforeAll(async () => {
      server = await startTestServer({}, { logger: logs.logger });
      admin = await server.admin();
      mount = await mountStorage(server, admin, target);
      davAuth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    /** What the storage holds and the ledger counts: nothing of a cancelled upload may stay. */
    async function leftovers() {
      const root = mount.driver instanceof LocalDriver ? mount.driver.root : null;
      // The local root exists once something was written to it.
      const temp = root && fs.existsSync(root) ? (await tempFilesUnder(root)).length : 0;
      return {
        ...(await ledgerOf(server, mount.configId)),
        stored: await storedBytes(mount.driver),
        temp,
      };
    }

    /** The request at `path` was logged once, at info level, with no error or stack. */
    async function expectOneQuietLine(path: string, method: string): Promise<void> {
      await expect.poll(() => logs.about(path).length).toBeGreaterThan(0);
      const lines = logs.about(path);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: INFO_LEVEL, msg: ABORT_LINE, method });
      expect(lines[0]?.err).toBeUndefined();
      expect(logs.errors()).toEqual([]);
    }

    it('the share upload form', async () => {
      const before = await leftovers();
      const boundary = 'pastebox-abort';
      await abortMidBody(`${server.baseUrl}/api/upload`, {
        method: 'POST',
        headers: {
          authorization: admin.authorization ?? '',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        head: formHead(boundary, { s3_config_id: mount.configId, path: '/cancelled' }),
        declaredBytes: 8 * MIB,
      });
      await expectOneQuietLine('/api/upload', 'POST');
      await expect.poll(leftovers).toEqual(before);
      // The intent row goes after the object's delete, which the storage may still be
      // answering when the ledger is already back (the write released its bytes first).
      await expect
        .poll(() => server.deps.db.selectFrom('files').select('id').execute())
        .toEqual([]);
    });

    it("the explorer's upload form", async () => {
      const before = await leftovers();
      const boundary = 'pastebox-abort';
      const url = `${server.baseUrl}${fsBase(admin)}/upload`;
      await abortMidBody(url, {
        method: 'POST',
        headers: {
          authorization: admin.authorization ?? '',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        head: formHead(boundary, { path: `${mount.mountPath}/form.bin` }),
        declaredBytes: 8 * MIB,
      });
      await expectOneQuietLine(`${fsBase(admin)}/upload`, 'POST');
      await expect.poll(leftovers).toEqual(before);
    });

    it("one of the explorer's multipart parts: the session keeps no part of it", async () => {
      const path = `${mount.mountPath}/parts.bin`;
      const init = await admin.post<MultipartInitResult>(`${fsBase(admin)}/multipart/init`, {
        path,
        fileSize: 12 * MIB,
      });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      const { uploadId, key } = init.body.data;
      const query = new URLSearchParams({ path, uploadId, key, partNumber: '1' });
      await abortMidBody(`${server.baseUrl}${fsBase(admin)}/multipart/part?${query.toString()}`, {
        method: 'POST',
        headers: {
          authorization: admin.authorization ?? '',
          'content-type': 'application/octet-stream',
        },
        declaredBytes: 5 * MIB,
      });
      await expectOneQuietLine(`${fsBase(admin)}/multipart/part`, 'POST');
      const resumed = await admin.post<MultipartInitResult>(`${fsBase(admin)}/multipart/init`, {
        path,
        fileSize: 12 * MIB,
      });
      expect(resumed.body.data).toMatchObject({ uploadId, uploadedParts: [] });
      const aborted = await admin.post(`${fsBase(admin)}/multipart/abort`, { path, uploadId, key });
      expect(aborted.status).toBe(200);
      await expect.poll(() => ledgerOf(server, mount.configId)).toMatchObject({ reserved: 0 });
    });

    it('a WebDAV PUT', async () => {
      const before = await leftovers();
      const path = `/dav${mount.mountPath}/drive.bin`;
      await abortMidBody(`${server.baseUrl}${path}`, {
        method: 'PUT',
        headers: { authorization: davAuth },
        declaredBytes: 8 * MIB,
      });
      await expectOneQuietLine(path, 'PUT');
      await expect.poll(leftovers).toEqual(before);
      const get = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: davAuth } });
      expect(get.status).toBe(404);
    });

    if (target.name === 'local') {
      it("a part PUT to the local storage's signed URL", async () => {
        const init = await admin.post<MultipartSession>('/api/upload/multipart/init', {
          filename: 'signed.bin',
          size: 12 * MIB,
          s3_config_id: mount.configId,
        });
        expect(init.status, JSON.stringify(init.body)).toBe(200);
        const { file_id, upload_id } = init.body.data;
        const urls = await admin.post<PartUrlResult>('/api/upload/multipart/part-url', {
          file_id,
          upload_id,
          part_number: 1,
        });
        const part = urls.body.data.urls[0];
        expect(part).toBeDefined();
        const url = new URL(part?.url ?? '', server.baseUrl);
        await abortMidBody(url.toString(), {
          method: 'PUT',
          headers: part?.headers ?? {},
          declaredBytes: 5 * MIB,
        });
        await expectOneQuietLine(url.pathname, 'PUT');
        const stored = await admin.get<MultipartSession>(`/api/upload/multipart/${file_id}/parts`);
        expect(stored.body.data.parts).toEqual([]);
      });
    }

    it('a real failure is still an error with its stack; an abort wrapped by a storage SDK is not', async () => {
      // Routes of this test only, on a second app over the same dependencies (and logger).
      const app = buildApp(server.deps);
      app.web.get('/test/failure', () => {
        throw new Error('the disk caught fire');
      });
      app.web.get('/test/wrapped-abort', () => {
        throw new Error('upload failed', { cause: new ClientAbortError() });
      });
      const failed = await app.fetch(new Request('http://pastebox.test/test/failure'));
      expect(failed.status).toBe(500);
      const [failure] = logs.about('/test/failure');
      expect(failure).toMatchObject({ level: ERROR_LEVEL, msg: 'unhandled error' });
      expect(failure?.err?.stack).toContain('the disk caught fire');

      const wrapped = await app.fetch(new Request('http://pastebox.test/test/wrapped-abort'));
      expect(wrapped.status).toBe(400);
      expect(logs.about('/test/wrapped-abort')).toMatchObject([
        { level: INFO_LEVEL, msg: ABORT_LINE },
      ]);
      // Node's own 'aborted' may be an S3 answer cut short: a real failure, not a client's.
      expect(isClientAbort(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(
        false,
      );
    });
  });
});
