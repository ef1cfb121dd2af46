import type { MultipartInitResult } from '@pastebox/contract/schemas/fs';
import { describe, expect, it } from 'vitest';
import { sweepFsUploadSessions } from '@/modules/fs/uploads/sweep';
import { mountSource } from '@/modules/mounts/service';
import { sweepOnce } from '@/sweeper';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { HOUR, testBytes } from '../uploads/builders';
import {
  createMountKey,
  eachStorage,
  fsBase,
  MIB,
  namesIn,
  storedBytes,
  serverWithMount,
  type MountedStorage,
} from './uploads-support';

/** A body sent with chunked transfer encoding (no Content-Length), 64 KiB at a time. */
function streamOf(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

/** Two whole 5 MiB parts and a short third one. */
const SIZE = 2 * 5 * MIB + 123_457;

eachStorage((target) => {
  describe(`fs multipart upload [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    const content = testBytes(SIZE, 7);
    serverWithMount(target, (opened) => ({ server, admin, mount } = opened));

    async function init(client: ApiClient, path: string, extra: Record<string, unknown> = {}) {
      const res = await client.post<MultipartInitResult>(`${fsBase(client)}/multipart/init`, {
        path,
        contentType: 'application/octet-stream',
        fileSize: SIZE,
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    }

    function partBytes(session: MultipartInitResult, partNumber: number) {
      const start = (partNumber - 1) * session.partSize;
      return content.subarray(start, start + session.partSize);
    }

    function partQuery(session: MultipartInitResult, partNumber: number) {
      return new URLSearchParams({
        path: session.path,
        uploadId: session.uploadId,
        partNumber: String(partNumber),
        isLastPart: String(partNumber === session.partCount),
        key: session.key,
      }).toString();
    }

    /** POST multipart/part with the part's bytes as the body. */
    function sendPart(
      client: ApiClient,
      session: MultipartInitResult,
      partNumber: number,
      body: Buffer = partBytes(session, partNumber),
    ) {
      return client.raw(`${fsBase(client)}/multipart/part?${partQuery(session, partNumber)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
    }

    async function sendPartOk(client: ApiClient, session: MultipartInitResult, n: number) {
      const res = await sendPart(client, session, n);
      const body = (await res.json()) as { data: { partNumber: number; etag: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return { partNumber: body.data.partNumber, etag: body.data.etag };
    }

    function complete(
      client: ApiClient,
      session: MultipartInitResult,
      parts: { partNumber: number; etag: string }[],
    ) {
      return client.post(`${fsBase(client)}/multipart/complete`, {
        path: session.path,
        uploadId: session.uploadId,
        key: session.key,
        parts,
        contentType: 'application/octet-stream',
        fileSize: SIZE,
      });
    }

    it('sends 3 parts (5 MiB, 5 MiB, the rest), completes, and lists the file at once', async () => {
      expect(await namesIn(admin, mount.mountPath)).not.toContain('big.bin');
      const session = await init(admin, `${mount.mountPath}/big.bin`);
      expect(session).toMatchObject({
        path: `${mount.mountPath}/big.bin`,
        key: 'big.bin',
        partSize: 5 * MIB,
        partCount: 3,
        uploadedParts: [],
      });
      expect(session.presignedUrls).toHaveLength(target.name === 'local' ? 0 : 3);
      const parts = await Promise.all([1, 2, 3].map((n) => sendPartOk(admin, session, n)));
      const done = await complete(admin, session, parts);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data).toMatchObject({ path: session.path, size: SIZE });
      expect((await storedBytes(mount.driver, 'big.bin')).equals(content)).toBe(true);
      expect(await namesIn(admin, mount.mountPath)).toContain('big.bin');
      // The session is over.
      expect((await sendPart(admin, session, 1)).status).toBe(404);
    });

    it('resumes: an init for the same path and size lists the parts already stored', async () => {
      const first = await init(admin, `${mount.mountPath}/resume/`, { filename: 'r.bin' });
      expect(first.path).toBe(`${mount.mountPath}/resume/r.bin`);
      const one = await sendPartOk(admin, first, 1);
      const again = await init(admin, `${mount.mountPath}/resume/r.bin`);
      expect(again.uploadId).toBe(first.uploadId);
      expect(again.uploadedParts).toEqual([
        expect.objectContaining({ partNumber: 1, etag: one.etag }),
      ]);
      expect(again.presignedUrls.map((url) => url.partNumber)).toEqual(
        target.name === 'local' ? [] : [2, 3],
      );
      // Another size is another upload.
      const other = await init(admin, `${mount.mountPath}/resume/r.bin`, { fileSize: SIZE - 1 });
      expect(other.uploadId).not.toBe(first.uploadId);

      const rest = await Promise.all([2, 3].map((n) => sendPartOk(admin, again, n)));
      const done = await complete(admin, again, [one, ...rest]);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    });

    if (target.name !== 'local') {
      it('lets the browser PUT parts straight to the presigned part URLs', async () => {
        const session = await init(admin, `${mount.mountPath}/direct.bin`);
        const parts = await Promise.all(
          session.presignedUrls.map(async ({ partNumber, url }) => {
            const res = await fetch(url, { method: 'PUT', body: partBytes(session, partNumber) });
            expect(res.status).toBe(200);
            return { partNumber, etag: (res.headers.get('etag') ?? '').replace(/"/g, '') };
          }),
        );
        const done = await complete(admin, session, parts);
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect((await storedBytes(mount.driver, 'direct.bin')).equals(content)).toBe(true);
      });
    }

    it('refuses a completion with a wrong ETag or a missing part, keeping the session', async () => {
      const session = await init(admin, `${mount.mountPath}/etag.bin`);
      const parts = await Promise.all([1, 2, 3].map((n) => sendPartOk(admin, session, n)));
      const wrong = parts.map((part, i) => (i === 1 ? { ...part, etag: 'f'.repeat(32) } : part));
      const refused = await complete(admin, session, wrong);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('UPLOAD_INCOMPLETE');
      const missing = await complete(admin, session, parts.slice(0, 2));
      expect(missing.body.error).toBe('UPLOAD_INCOMPLETE');
      expect(await mount.driver.stat('etag.bin')).toBeNull();

      const done = await complete(admin, session, parts);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    });

    it('holds every part to its size', async () => {
      const session = await init(admin, `${mount.mountPath}/sizes.bin`);
      const larger = await sendPart(
        admin,
        session,
        1,
        Buffer.concat([partBytes(session, 1), Buffer.from('x')]),
      );
      expect(larger.status).toBe(413);
      // Without a Content-Length the size is held while the bytes arrive.
      const chunked = await admin.raw(`/api/admin/fs/multipart/part?${partQuery(session, 2)}`, {
        method: 'POST',
        body: streamOf(Buffer.concat([partBytes(session, 2), Buffer.from('xyz')])),
        duplex: 'half',
      });
      expect(chunked.status).toBe(413);
      const shorter = await sendPart(admin, session, 3, partBytes(session, 3).subarray(1));
      expect(shorter.status).toBe(400);
      const beyond = await sendPart(admin, session, 4, Buffer.from('x'));
      expect(beyond.status).toBe(400);
      const notLast = new URLSearchParams({
        path: session.path,
        uploadId: session.uploadId,
        partNumber: '1',
        isLastPart: 'true',
        key: session.key,
      });
      const flagged = await admin.raw(`/api/admin/fs/multipart/part?${notLast.toString()}`, {
        method: 'POST',
        body: partBytes(session, 1),
      });
      expect(flagged.status).toBe(400);
    });

    it('aborts: the parts go and the session answers 404', async () => {
      const session = await init(admin, `${mount.mountPath}/abort.bin`);
      await sendPartOk(admin, session, 1);
      const ref = { path: session.path, uploadId: session.uploadId, key: session.key };
      const aborted = await admin.post('/api/admin/fs/multipart/abort', ref);
      expect(aborted.status, JSON.stringify(aborted.body)).toBe(200);
      expect(aborted.body.data).toEqual({ aborted: true });
      await expect(mount.driver.listParts('abort.bin', session.uploadId)).rejects.toThrow();
      expect((await sendPart(admin, session, 2)).status).toBe(404);
      expect((await admin.post('/api/admin/fs/multipart/abort', ref)).status).toBe(404);
      const fresh = await init(admin, session.path);
      expect(fresh.uploadId).not.toBe(session.uploadId);
    });

    it("keeps a key's session its own and the key inside its basic_path", async () => {
      const owner = await createMountKey(server, { basicPath: `${mount.mountPath}/team` });
      const stranger = await createMountKey(server, { basicPath: `${mount.mountPath}/team` });
      const session = await init(owner, `${mount.mountPath}/team/mine.bin`);
      const ref = { path: session.path, uploadId: session.uploadId, key: session.key };

      expect((await sendPart(stranger, session, 1)).status).toBe(404);
      const strangerComplete = await stranger.post('/api/user/fs/multipart/complete', {
        ...ref,
        parts: [{ partNumber: 1, etag: 'x' }],
      });
      expect(strangerComplete.status).toBe(404);
      const strangerAbort = await stranger.post('/api/user/fs/multipart/abort', ref);
      expect(strangerAbort.status).toBe(404);
      expect(strangerAbort.body.error).toBe('UPLOAD_NOT_FOUND');
      // A stranger's init of the same file is a session of its own.
      const theirs = await init(stranger, session.path);
      expect(theirs.uploadId).not.toBe(session.uploadId);
      // The path and key must be the session's.
      const otherKey = await owner.post('/api/user/fs/multipart/abort', { ...ref, key: 'x.bin' });
      expect(otherKey.status).toBe(404);

      const outside = await owner.post('/api/user/fs/multipart/init', {
        path: `${mount.mountPath}/team-b/x.bin`,
        fileSize: 10,
      });
      expect(outside.status).toBe(403);
      expect(outside.body.error).toBe('PATH_FORBIDDEN');

      expect((await owner.post('/api/user/fs/multipart/abort', ref)).status).toBe(200);
    });

    it('refuses a folder as the file: init names a file, not an existing folder', async () => {
      const mkdir = await admin.post('/api/admin/fs/mkdir', { path: `${mount.mountPath}/taken` });
      expect(mkdir.status, JSON.stringify(mkdir.body)).toBe(200);
      const res = await admin.post('/api/admin/fs/multipart/init', {
        path: `${mount.mountPath}/`,
        filename: 'taken',
        fileSize: 10,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('NOT_A_FILE');
    });

    it('refuses a file over the max upload size at init', async () => {
      const res = await admin.post('/api/admin/fs/multipart/init', {
        path: `${mount.mountPath}/huge.bin`,
        fileSize: 101 * MIB,
      });
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('FILE_TOO_LARGE');
    });

    it('sweeps sessions idle for a day: the storage upload is aborted, the row goes', async () => {
      const session = await init(admin, `${mount.mountPath}/idle.bin`);
      await sendPartOk(admin, session, 1);
      const source = mountSource(server.deps);
      expect(await sweepFsUploadSessions(server.deps, source)).toBe(0);
      server.clock.advance(25 * HOUR);
      // The app's housekeeping pass runs this step.
      await sweepOnce(server.deps);
      await expect(mount.driver.listParts('idle.bin', session.uploadId)).rejects.toThrow();
      expect((await sendPart(admin, session, 2)).status).toBe(404);
      expect(await sweepFsUploadSessions(server.deps, source)).toBe(0);
    });
  });
});
