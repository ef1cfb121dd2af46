import type { MultipartInitResult } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSource } from '@/modules/mounts/service';
import { sweepFsUploadSessions } from '@/modules/fs/uploads/sweep';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { HOUR } from '../uploads/builders';
import { bytesOf, KB, ledgerOf, MIB, storedBytes } from '../storage-configs/ledger-support';
import { eachStorage, fsBase, mountStorage, type MountedStorage } from './uploads-support';

/**
 * fs multipart uploads hold capacity from init (issue 29, DESIGN §5): the announced size
 * is reserved with the session, so parts already uploaded are counted and parallel
 * uploads can never together take more than the capacity; whatever ends the session —
 * complete, abort, the sweeper, the mount's deletion — moves the ledger exactly once.
 */
eachStorage((target) => {
  describe(`fs multipart uploads and the capacity ledger [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;

    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      await target.configBody();
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    /** A mount on a fresh config of 1 MiB capacity. */
    function cappedMount(): Promise<MountedStorage> {
      return mountStorage(server, admin, target, { total_storage_bytes: MIB });
    }

    function init(mount: MountedStorage, name: string, fileSize: number) {
      return admin.post<MultipartInitResult>(`${fsBase(admin)}/multipart/init`, {
        path: `${mount.mountPath}/${name}`,
        fileSize,
      });
    }

    async function initOk(mount: MountedStorage, name: string, fileSize: number) {
      const res = await init(mount, name, fileSize);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    }

    /** Sends the whole file as its one part (every size here is under 5 MiB). */
    async function sendPart(session: MultipartInitResult, content: Buffer) {
      const query = new URLSearchParams({
        path: session.path,
        uploadId: session.uploadId,
        partNumber: '1',
        isLastPart: 'true',
        key: session.key,
      });
      const res = await admin.raw(`${fsBase(admin)}/multipart/part?${query.toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: content,
      });
      const body = (await res.json()) as { data: { partNumber: number; etag: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return [{ partNumber: 1, etag: body.data.etag }];
    }

    function complete(session: MultipartInitResult, parts: { partNumber: number; etag: string }[]) {
      return admin.post(`${fsBase(admin)}/multipart/complete`, {
        path: session.path,
        uploadId: session.uploadId,
        key: session.key,
        parts,
      });
    }

    /** init, the part, complete: a whole upload. */
    async function uploadFile(mount: MountedStorage, name: string, size: number, seed = 1) {
      const session = await initOk(mount, name, size);
      const done = await complete(session, await sendPart(session, bytesOf(size, seed)));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }

    function abort(session: MultipartInitResult) {
      return admin.post(`${fsBase(admin)}/multipart/abort`, {
        path: session.path,
        uploadId: session.uploadId,
        key: session.key,
      });
    }

    /** The ledger says exactly what the storage holds, no more than its capacity. */
    async function expectLedgerTrue(mount: MountedStorage): Promise<number> {
      const stored = await storedBytes(mount.driver);
      expect(stored).toBeLessThanOrEqual(MIB);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: stored, reserved: 0 });
      return stored;
    }

    async function sessionCount(mount: MountedStorage): Promise<number> {
      const rows = await server.deps.db
        .selectFrom('fs_upload_sessions')
        .innerJoin('mounts', 'mounts.id', 'fs_upload_sessions.mount_id')
        .select('fs_upload_sessions.id')
        .where('mounts.mount_path', '=', mount.mountPath)
        .execute();
      return rows.length;
    }

    it('opens at most what fits: 6 parallel inits of 300 KB into 1 MiB, 3 sessions', async () => {
      const mount = await cappedMount();
      const size = 300 * KB;
      const names = Array.from({ length: 6 }, (_, at) => `m${at}.bin`);
      const answers = await Promise.all(names.map((name) => init(mount, name, size)));
      const opened = answers.filter((res) => res.status === 200);
      const refused = answers.filter((res) => res.status !== 200);
      expect(opened).toHaveLength(3);
      for (const res of refused) {
        expect(res.status).toBe(507);
        expect(res.body.error).toBe('INSUFFICIENT_STORAGE');
      }
      expect(await sessionCount(mount)).toBe(3);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 3 * size });

      // The parts go to the storage while their bytes are held: no other write fits.
      const sessions = opened.map((res) => res.body.data);
      const parts = await Promise.all(
        sessions.map((session, at) => sendPart(session, bytesOf(size, at + 1))),
      );
      expect((await init(mount, 'late.bin', size)).status).toBe(507);

      await Promise.all(
        sessions.map(async (session, at) => {
          const done = await complete(session, parts[at] ?? []);
          expect(done.status, JSON.stringify(done.body)).toBe(200);
        }),
      );
      expect(await expectLedgerTrue(mount)).toBe(3 * size);
      expect(await sessionCount(mount)).toBe(0);
    });

    it('abort gives the reservation back', async () => {
      const mount = await cappedMount();
      const session = await initOk(mount, 'abort.bin', 700 * KB);
      await sendPart(session, bytesOf(700 * KB, 2));
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 700 * KB });
      expect((await abort(session)).status).toBe(200);
      expect(await expectLedgerTrue(mount)).toBe(0);
      // The space is free again.
      await uploadFile(mount, 'after.bin', 700 * KB);
      expect(await expectLedgerTrue(mount)).toBe(700 * KB);
    });

    it('settles a complete once, however many are sent at once', async () => {
      const mount = await cappedMount();
      const size = 300 * KB;
      const session = await initOk(mount, 'twice.bin', size);
      const parts = await sendPart(session, bytesOf(size, 3));
      const answers = await Promise.all([1, 2, 3].map(() => complete(session, parts)));
      const statuses = answers.map((res) => res.status);
      expect(statuses, JSON.stringify(answers.map((res) => res.body))).toContain(200);
      for (const res of answers) {
        expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
      }
      // A complete after the session is over counts nothing either.
      expect((await complete(session, parts)).status).toBe(404);
      expect(await expectLedgerTrue(mount)).toBe(size);
    });

    it('a resumed init reserves nothing more, even when the storage is nearly full', async () => {
      const mount = await cappedMount();
      const size = 800 * KB;
      const first = await initOk(mount, 'resume.bin', size);
      const again = await initOk(mount, 'resume.bin', size);
      expect(again.uploadId).toBe(first.uploadId);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: size });
      const done = await complete(again, await sendPart(again, bytesOf(size, 4)));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await expectLedgerTrue(mount)).toBe(size);
    });

    it('counts an overwrite as the difference from the file it replaced', async () => {
      const mount = await cappedMount();
      await uploadFile(mount, 'same.bin', 600 * KB, 1);
      const second = await initOk(mount, 'same.bin', 300 * KB);
      // The whole new size is held while the parts arrive (the old file might go meanwhile).
      expect(await ledgerOf(server, mount.configId)).toEqual({
        used: 600 * KB,
        reserved: 300 * KB,
      });
      const done = await complete(second, await sendPart(second, bytesOf(300 * KB, 2)));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await expectLedgerTrue(mount)).toBe(300 * KB);
    });

    it('a session from before migration 014 releases nothing and is counted at complete', async () => {
      const mount = await cappedMount();
      const held = await initOk(mount, 'held.bin', 200 * KB);
      const legacy = await initOk(mount, 'legacy.bin', 300 * KB);
      const old = await initOk(mount, 'old.bin', 100 * KB);
      // As stored before the migration: no ledger, nothing reserved.
      await server.deps.db
        .updateTable('fs_upload_sessions')
        .set({ config_id: null, reserved_bytes: 0 })
        .where('upload_id', 'in', [legacy.uploadId, old.uploadId])
        .execute();
      await server.deps.db
        .updateTable('storage_usage')
        .set({ reserved_bytes: 200 * KB })
        .where('config_id', '=', mount.configId)
        .execute();

      expect((await abort(old)).status).toBe(200);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 200 * KB });
      const done = await complete(legacy, await sendPart(legacy, bytesOf(300 * KB, 5)));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await ledgerOf(server, mount.configId)).toEqual({
        used: 300 * KB,
        reserved: 200 * KB,
      });
      expect((await abort(held)).status).toBe(200);
      expect(await expectLedgerTrue(mount)).toBe(300 * KB);
    });

    it('deleting the mount releases its open sessions and aborts their uploads', async () => {
      const mount = await cappedMount();
      const session = await initOk(mount, 'open.bin', 500 * KB);
      await sendPart(session, bytesOf(500 * KB, 6));
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 500 * KB });
      const row = await server.deps.db
        .selectFrom('mounts')
        .select('id')
        .where('mount_path', '=', mount.mountPath)
        .executeTakeFirstOrThrow();
      const res = await admin.delete(`/api/admin/mounts/${row.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await sessionCount(mount)).toBe(0);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 0 });
      await expect(mount.driver.listParts(session.key, session.uploadId)).rejects.toThrow();
    });

    // Last: it moves the server's clock a day on.
    it('the sweeper gives back an abandoned session once, and keeps a live one', async () => {
      const mount = await cappedMount();
      const abandoned = await initOk(mount, 'idle.bin', 400 * KB);
      await sendPart(abandoned, bytesOf(400 * KB, 7));
      const source = mountSource(server.deps);
      expect(await sweepFsUploadSessions(server.deps, source)).toBe(0);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 400 * KB });

      server.clock.advance(25 * HOUR);
      const live = await initOk(mount, 'live.bin', 300 * KB);
      expect(await sweepFsUploadSessions(server.deps, source)).toBeGreaterThanOrEqual(1);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 300 * KB });
      await expect(mount.driver.listParts(abandoned.key, abandoned.uploadId)).rejects.toThrow();
      // Another pass (or instance) releases nothing more.
      expect(await sweepFsUploadSessions(server.deps, source)).toBe(0);
      expect((await abort(abandoned)).status).toBe(404);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: 0, reserved: 300 * KB });

      const done = await complete(live, await sendPart(live, bytesOf(300 * KB, 8)));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await expectLedgerTrue(mount)).toBe(300 * KB);
    });
  });
});
