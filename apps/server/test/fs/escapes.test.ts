import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { allCalls, everyCall, outcomesOf, readCalls, writeCalls } from './call-matrix';
import { bytes, downloaded, errorOf, fsCall, listedNames } from './fs-support';
import { createMountKey, eachStorage, storedBytes } from './uploads-support';

/** Spellings of a way out of /team into /team-b that the server must refuse (400). */
const ESCAPES = [
  '/team/../team-b/secret.txt',
  '/team/./../team-b/secret.txt',
  '/team/sub/../../team-b/secret.txt',
  '//team//..//team-b/secret.txt',
  '/team/..',
  // Percent-encoded dots reaching the server as text (a client that encoded twice).
  '/team/%2e%2e/team-b/secret.txt',
  '/team/%2E%2E/team-b/secret.txt',
  '/team/.%2e/team-b/secret.txt',
  '/team/%2e/../team-b/secret.txt',
  // Backslashes, as Windows would read them.
  '/team\\..\\team-b\\secret.txt',
  '/team/..\\team-b/secret.txt',
  '/team/sub\\s.txt',
  // Control characters.
  '/team/\u001f',
  '/team/\u007f',
  // Relative paths.
  'team-b/secret.txt',
  '../team-b/secret.txt',
];

/**
 * NUL, which C and some storages cut a name at: refused with the rest of the input, before
 * any path rule (PostgreSQL could not even store it), as 400 VALIDATION_FAILED.
 */
const NUL_PATHS = ['/team/\u0000/../team-b/secret.txt', '/team/in.txt\u0000.png', '/team-b\u0000'];

/** Look-alikes of `.` and `/`: plain characters of one name inside /team, never a way out. */
const LOOK_ALIKES = [
  '/team/\uff0e\uff0e/team-b/secret.txt', // fullwidth full stops
  '/team/\u2025/team-b/secret.txt', // two dot leader
  '/team/\u2024\u2024/team-b/secret.txt', // one dot leaders
  '/team/\ufe52\ufe52/team-b/secret.txt', // small full stops
  '/team/..\uff0fteam-b\uff0fsecret.txt', // fullwidth solidus
  '/team/..\u2215team-b\u2215secret.txt', // division slash
  '/team/..\u2044team-b\u2044secret.txt', // fraction slash
  '/team/..\u29f8team-b\u29f8secret.txt', // big solidus
  '/team/..\uff3cteam-b\uff3csecret.txt', // fullwidth reverse solidus
  '/team/.\u0338./team-b/secret.txt', // a dot with a combining overlay
  // Escapes that only a second decoding would turn into separators: text of a name here.
  '/team/..%2f..%2fteam-b%2fsecret.txt',
  '/team/..%5cteam-b%5csecret.txt',
];

eachStorage((target) => {
  describe(`fs API: paths never leave the mount or the key's basic_path [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let team: TestMount;
    let teamB: TestMount;
    let key: ApiClient;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      team = await mountOn(server, admin, target, { mountPath: '/team' });
      teamB = await mountOn(server, admin, target, { mountPath: '/team-b' });
      await team.driver.put('in.txt', bytes('inside'));
      await team.driver.put('sub/s.txt', bytes('s'));
      await teamB.driver.put('secret.txt', bytes('SECRET'));
      await teamB.driver.put('sub/x.txt', bytes('x'));
      key = await createMountKey(server, { basicPath: '/team' });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    /** /team-b is untouched: its files, and nothing new. */
    async function expectTeamBUntouched(): Promise<void> {
      expect(await listedNames(admin, '/team-b')).toEqual(['sub', 'secret.txt']);
      expect(await listedNames(admin, '/team-b/sub')).toEqual(['x.txt']);
      expect((await storedBytes(teamB.driver, 'secret.txt')).toString()).toBe('SECRET');
    }

    it('keeps a key with basic_path /team out of /team-b for every call (403)', async () => {
      const calls = allCalls('/team/in.txt');
      for (const path of ['/team-b/secret.txt', '/team-b', '/team-b/sub', '//team-b//secret.txt']) {
        expect(await outcomesOf(calls, key, path), path).toEqual(
          everyCall(calls, [403, 'PATH_FORBIDDEN']),
        );
      }
      await expectTeamBUntouched();
      expect((await downloaded(key, '/team/in.txt')).toString()).toBe('inside');
    });

    it.each(ESCAPES)('refuses %j for every call, admin and key alike (400)', async (path) => {
      const calls = allCalls('/team/in.txt');
      for (const client of [admin, key]) {
        expect(await outcomesOf(calls, client, path)).toEqual(
          everyCall(calls, [400, 'PATH_INVALID']),
        );
      }
    });

    it.each(NUL_PATHS)('refuses %j for every call, admin and key alike (400)', async (path) => {
      const calls = allCalls('/team/in.txt');
      for (const client of [admin, key]) {
        expect(await outcomesOf(calls, client, path)).toEqual(
          everyCall(calls, [400, 'VALIDATION_FAILED']),
        );
      }
      const raw = await key.raw('/api/user/fs/download?path=/team/in.txt%00.png');
      const body = (await raw.json()) as { error: string };
      expect([raw.status, body.error]).toEqual([400, 'VALIDATION_FAILED']);
    });

    it('refuses dot segments however the query string encodes them', async () => {
      const queries = [
        '/team/%2e%2e/team-b/secret.txt',
        '%2Fteam%2F%2E%2E%2Fteam-b%2Fsecret.txt',
        '/team/%252e%252e/team-b/secret.txt',
        '/team/%2e%2e%2fteam-b%2fsecret.txt',
        '/team/%5c..%5cteam-b%5csecret.txt',
      ];
      for (const query of queries) {
        for (const call of ['list', 'get', 'download', 'preview', 'file-link']) {
          const res = await key.raw(`/api/user/fs/${call}?path=${query}`);
          expect([res.status, call], query).toEqual([400, call]);
          expect(((await res.json()) as { error: string }).error).toBe('PATH_INVALID');
        }
        const removed = await key.raw(`/api/user/fs/remove?path=${query}`, { method: 'DELETE' });
        expect(removed.status, query).toBe(400);
        await removed.arrayBuffer();
      }
      await expectTeamBUntouched();
    });

    it('never decodes an overlong UTF-8 dot: a name of replacement characters, not found', async () => {
      for (const call of ['get', 'download']) {
        const res = await key.raw(`/api/user/fs/${call}?path=/team/%c0%ae%c0%ae/team-b/secret.txt`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('SECRET');
      }
    });

    it.each(LOOK_ALIKES)('treats %j as a name inside /team', async (path) => {
      // Nothing by that name yet: every read is 404, never /team-b's secret.
      expect(await outcomesOf(readCalls, key, path)).toEqual(
        everyCall(readCalls, [404, 'PATH_NOT_FOUND']),
      );
      const written = await fsCall.update(key, path, 'mine');
      expect(written.status).toBe(200);
      expect(written.body.data.path.startsWith('/team/')).toBe(true);
      const stored = written.body.data.path.slice('/team/'.length);
      expect((await storedBytes(team.driver, stored)).toString()).toBe('mine');
      expect((await downloaded(key, path)).toString()).toBe('mine');
      expect((await fsCall.remove(key, path)).status).toBe(200);
      await expectTeamBUntouched();
    });

    it('composes Unicode (NFC): a decomposed name reaches the same file', async () => {
      expect((await fsCall.update(key, '/team/cafe\u0301.txt', 'café')).status).toBe(200);
      expect((await downloaded(key, '/team/caf\u00e9.txt')).toString()).toBe('café');
      expect(await listedNames(key, '/team')).toContain('caf\u00e9.txt');
    });

    it('lets the admin everywhere', async () => {
      const reads = await outcomesOf(readCalls, admin, '/team-b/secret.txt');
      expect({ ...reads, list: (await outcomesOf(readCalls, admin, '/team-b')).list }).toEqual(
        everyCall(readCalls, [200, undefined]),
      );
      await teamB.driver.put('gone.txt', bytes('g'));
      expect(await outcomesOf(writeCalls('/team-b/secret.txt'), admin, '/team-b/gone.txt')).toEqual(
        {
          mkdir: [409, 'PATH_EXISTS'],
          update: [200, undefined],
          remove: [200, undefined],
          'rename from': [404, 'PATH_NOT_FOUND'],
          'rename to': [200, undefined],
          'batch-remove': [200, undefined],
        },
      );
      expect(await listedNames(admin, '/team-b')).toEqual(['sub']);
      await teamB.driver.put('secret.txt', bytes('SECRET'));
    });

    it('refuses every call to a key without mount permission (403), anonymous callers (401) and the wrong family (403)', async () => {
      const calls = allCalls('/team/in.txt');
      const noMount = await createMountKey(server, { mount: false });
      expect(await outcomesOf(calls, noMount, '/team/in.txt')).toEqual(
        everyCall(calls, [403, 'MOUNT_PERMISSION_REQUIRED']),
      );
      const anonymous = server.anon;
      const asAnonymous = await outcomesOf(calls, anonymous, '/team/in.txt');
      expect(Object.values(asAnonymous).map(([status]) => status)).toEqual(
        Object.keys(calls).map(() => 401),
      );
      for (const [client, wrong] of [
        [admin, '/api/user/fs'],
        [key, '/api/admin/fs'],
      ] as const) {
        for (const call of ['list', 'get', 'download', 'preview', 'file-link']) {
          const res = await client.raw(`${wrong}/${call}?path=%2Fteam%2Fin.txt`);
          expect([call, res.status]).toEqual([call, 403]);
          await res.arrayBuffer();
        }
        const made = await client.post(`${wrong}/mkdir`, { path: '/team/wrong' });
        expect(made.status).toBe(403);
      }
      expect((await downloaded(admin, '/team/in.txt')).toString()).toBe('inside');
    });

    it('answers a key’s wrong body after its permission: 403 before 400', async () => {
      const noMount = await createMountKey(server, { mount: false });
      for (const call of ['mkdir', 'rename', 'update', 'batch-remove']) {
        const res = await noMount.post(`/api/user/fs/${call}`, { nonsense: true });
        expect([call, ...errorOf(res)]).toEqual([call, 403, 'MOUNT_PERMISSION_REQUIRED']);
        const anonymous = await server.anon.post(`/api/user/fs/${call}`, { nonsense: true });
        expect([call, anonymous.status]).toEqual([call, 401]);
      }
    });
  });
});
