import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from '@/storage/driver';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { davFetch } from '../webdav/dav-support';
import { bytes, fsCall } from './fs-support';
import { eachStorage } from './uploads-support';

/**
 * Eight calls at once on one folder (issue 29, "Concurrency"): every answer is typed
 * (never a 5xx), exactly one rename wins, and the winner's folder holds every file — a
 * folder is never split between two names, nor half deleted under a rename.
 */

const PARALLEL = 8;

/** The files of a test folder: some at the top, some deeper. */
const FILES = [
  'a.txt',
  'b.txt',
  'c.txt',
  'sub/d.txt',
  'sub/e.txt',
  'sub/deeper/f.txt',
  'sub/deeper/g.txt',
  'other/h.txt',
];

async function fill(driver: StorageDriver, folder: string): Promise<void> {
  await Promise.all(FILES.map((file) => driver.put(`${folder}/${file}`, bytes(file))));
}

/** Every object key below a folder key, relative to it, sorted. */
async function filesUnder(driver: StorageDriver, folder: string): Promise<string[]> {
  const page = await driver.list(`${folder}/`, { limit: 1000 });
  return page.objects
    .map((object) => object.key.slice(folder.length + 1))
    .filter((name) => name !== '')
    .sort();
}

function statusesOf(answers: { status: number }[]): number[] {
  return answers.map((answer) => answer.status);
}

eachStorage((target) => {
  describe(`eight calls at once on one folder [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target, { mountPath: '/race' });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const sorted = [...FILES].sort();

    it('fs/rename: one rename wins with every file, the others are typed refusals', async () => {
      await fill(mount.driver, 'r');
      const names = Array.from({ length: PARALLEL }, (_, i) => `r-to-${i}`);
      const answers: ApiResponse<unknown>[] = await Promise.all(
        names.map((name) => fsCall.rename(admin, '/race/r', `/race/${name}`)),
      );
      const statuses = statusesOf(answers);
      expect(
        statuses.every((status) => status < 500),
        JSON.stringify(statuses),
      ).toBe(true);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expect([404, 409], JSON.stringify(answer.body)).toContain(answer.status);
      }
      const winner = names[statuses.indexOf(200)] ?? '';
      expect(await filesUnder(mount.driver, winner)).toEqual(sorted);
      expect(await filesUnder(mount.driver, 'r')).toEqual([]);
      for (const loser of names.filter((name) => name !== winner)) {
        expect(await filesUnder(mount.driver, loser), loser).toEqual([]);
        expect(await mount.driver.folderExists(loser), loser).toBe(false);
      }
    });

    it('fs/remove: of eight deletes of one folder one wins, the others are 404', async () => {
      await fill(mount.driver, 'd');
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => fsCall.remove(admin, '/race/d')),
      );
      const statuses = statusesOf(answers);
      expect(
        statuses.every((status) => status === 200 || status === 404),
        JSON.stringify(statuses),
      ).toBe(true);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(await filesUnder(mount.driver, 'd')).toEqual([]);
      expect(await mount.driver.folderExists('d')).toBe(false);
    });

    it('renames racing deletes: the folder goes whole or moves whole', async () => {
      await fill(mount.driver, 'm');
      const names = Array.from({ length: PARALLEL }, (_, i) => `m-to-${i}`);
      const calls: Promise<ApiResponse<unknown>>[] = [];
      for (const name of names) {
        calls.push(fsCall.rename(admin, '/race/m', `/race/${name}`));
        calls.push(fsCall.remove(admin, '/race/m'));
      }
      const statuses = statusesOf(await Promise.all(calls));
      expect(
        statuses.every((status) => status < 500),
        JSON.stringify(statuses),
      ).toBe(true);
      const renamed = names.filter((_, i) => statuses[2 * i] === 200);
      expect(renamed.length).toBeLessThanOrEqual(1);
      for (const name of names) {
        const files = await filesUnder(mount.driver, name);
        expect(files, name).toEqual(renamed.includes(name) ? sorted : []);
      }
      expect(await filesUnder(mount.driver, 'm')).toEqual([]);
    });

    it('WebDAV MOVE and DELETE at once: typed answers, one move wins whole', async () => {
      await fill(mount.driver, 'w');
      const names = Array.from({ length: PARALLEL }, (_, i) => `w-to-${i}`);
      const moves = await Promise.all(
        names.map((name) =>
          davFetch(server, 'MOVE', '/race/w', { headers: { Destination: `/dav/race/${name}` } }),
        ),
      );
      const statuses = statusesOf(moves);
      expect(
        statuses.every((status) => status < 500),
        JSON.stringify(statuses),
      ).toBe(true);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      const winner = names[statuses.indexOf(201)] ?? '';
      expect(await filesUnder(mount.driver, winner)).toEqual(sorted);

      const deletes = await Promise.all(
        Array.from({ length: PARALLEL }, () => davFetch(server, 'DELETE', `/race/${winner}`)),
      );
      const deleted = statusesOf(deletes);
      expect(
        deleted.every((status) => status === 204 || status === 404),
        JSON.stringify(deleted),
      ).toBe(true);
      expect(deleted).toContain(204);
      expect(await filesUnder(mount.driver, winner)).toEqual([]);
    });
  });
});
