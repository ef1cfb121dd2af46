import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileSystem } from '@/vfs/types';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { codeOf } from './codes';
import { bodyOf, eachStorage, fsOf, keyCaller, mountOn, namesIn, type TestMount } from './support';

/**
 * Where a caller may go (DESIGN §5, §7; SPEC §5 path permission): the mount table, the
 * folders above mounts, a key's basic_path, and every way of spelling a path that tries
 * to step outside.
 */
eachStorage((target) => {
  describe(`file system: mounts, keys and escapes [${target.name}]`, () => {
    let server: TestServer;
    let docs: TestMount;
    let teamB: TestMount;
    let admin: FileSystem;
    beforeAll(async () => {
      server = await startTestServer();
      const client = await server.admin();
      docs = await mountOn(server, client, target, { mountPath: '/team/docs', sortOrder: 2 });
      const shared = { configId: docs.configId };
      await mountOn(server, client, target, { ...shared, mountPath: '/team/media', sortOrder: 1 });
      teamB = await mountOn(server, client, target, { mountPath: '/team-b', sortOrder: 0 });
      await mountOn(server, client, target, { ...shared, mountPath: '/off', isActive: false });
      await mountOn(server, client, target, { ...shared, mountPath: '/photos', sortOrder: 3 });
      admin = fsOf(server);
      await admin.write('/team/docs/plan.txt', bodyOf('plan'));
      await admin.write('/team-b/secret.txt', bodyOf('secret'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('lists the active mounts at / in sort order, with folders above mounts', async () => {
      const root = await admin.list('/');
      expect(root.isVirtual).toBe(true);
      expect(root.mount).toBeNull();
      expect(root.entries.map((entry) => [entry.name, entry.mount?.mountPath ?? null])).toEqual([
        ['team-b', '/team-b'],
        ['team', null],
        ['photos', '/photos'],
      ]);
      expect(await namesIn(admin, '/team')).toEqual(['media', 'docs']);
      expect((await admin.stat('/team')).isDirectory).toBe(true);
      expect((await admin.stat('/team/docs')).mount?.mountPath).toBe('/team/docs');
    });

    it('answers NOT_FOUND for a path in no mount, and for an inactive mount', async () => {
      expect(await codeOf(admin.list('/nowhere'))).toBe('NOT_FOUND');
      expect(await codeOf(admin.stat('/team/other'))).toBe('NOT_FOUND');
      expect(await codeOf(admin.list('/off'))).toBe('NOT_FOUND');
      expect(await codeOf(admin.stat('/off/a.txt'))).toBe('NOT_FOUND');
      expect(await codeOf(admin.write('/off/a.txt', bodyOf('x')))).toBe('NOT_FOUND');
      expect(await codeOf(admin.mkdir('/nowhere/x'))).toBe('NOT_FOUND');
    });

    it('does not let the folders above mounts be changed', async () => {
      expect(await codeOf(admin.mkdir('/team'))).toBe('ALREADY_EXISTS');
      expect(await codeOf(admin.remove('/team'))).toBe('MOUNT_POINT');
      expect(await codeOf(admin.remove('/team/docs'))).toBe('MOUNT_POINT');
      expect(await codeOf(admin.write('/team', bodyOf('x')))).toBe('MOUNT_POINT');
      expect(await codeOf(admin.rename('/team/docs', '/team/docs2'))).toBe('MOUNT_POINT');
    });

    it('renames within one mount only', async () => {
      expect(await codeOf(admin.rename('/team/docs/plan.txt', '/team/media/plan.txt'))).toBe(
        'CONFLICT',
      );
    });

    it('keeps a key with basic_path /team out of /team-b', async () => {
      const key = fsOf(server, keyCaller('/team'));
      expect(await namesIn(key, '/')).toEqual(['team']);
      expect(await namesIn(key, '/team')).toEqual(['media', 'docs']);
      expect(await namesIn(key, '/team/docs')).toEqual(['plan.txt']);
      expect(await codeOf(key.list('/team-b'))).toBe('FORBIDDEN');
      expect(await codeOf(key.stat('/team-b/secret.txt'))).toBe('FORBIDDEN');
      expect(await codeOf(key.read('/team-b/secret.txt'))).toBe('FORBIDDEN');
      expect(await codeOf(key.write('/team-b/new.txt', bodyOf('x')))).toBe('FORBIDDEN');
      expect(await codeOf(key.remove('/team-b/secret.txt'))).toBe('FORBIDDEN');
      expect(await codeOf(key.rename('/team/docs/plan.txt', '/team-b/plan.txt'))).toBe('FORBIDDEN');
      expect(
        await codeOf(key.copy('/team-b/secret.txt', '/team/docs/s.txt', { skipExisting: false })),
      ).toBe('FORBIDDEN');
      expect(
        await codeOf(key.link('/team-b/secret.txt', { expiresInSeconds: 60, forceDownload: true })),
      ).toBe('FORBIDDEN');
      expect(await teamB.driver.stat('secret.txt')).not.toBeNull();
    });

    it('shows a key below a mount only the way down to its basic_path', async () => {
      await admin.mkdir('/team/docs/mine');
      await admin.mkdir('/team/docs/theirs');
      await admin.write('/team/docs/mine/a.txt', bodyOf('a'));
      const key = fsOf(server, keyCaller('/team/docs/mine'));
      expect(await namesIn(key, '/')).toEqual(['team']);
      expect(await namesIn(key, '/team')).toEqual(['docs']);
      expect(await namesIn(key, '/team/docs')).toEqual(['mine']);
      expect(await namesIn(key, '/team/docs/mine')).toEqual(['a.txt']);
      expect(await codeOf(key.list('/team/docs/theirs'))).toBe('FORBIDDEN');
      expect(await codeOf(key.read('/team/docs/plan.txt'))).toBe('FORBIDDEN');
      expect(await codeOf(key.write('/team/docs/x.txt', bodyOf('x')))).toBe('FORBIDDEN');
      expect(await codeOf(key.remove('/team/docs'))).toBe('FORBIDDEN');
      await key.write('/team/docs/mine/b.txt', bodyOf('b'));
      expect(await namesIn(key, '/team/docs/mine')).toEqual(['a.txt', 'b.txt']);
    });

    it.each([
      '/team/docs/../../team-b/secret.txt',
      '/team/docs/%2e%2e/%2e%2e/team-b/secret.txt',
      '/team/docs/%2E%2E/team-b',
      '/team/docs\\..\\..\\team-b\\secret.txt',
      '/team/docs/\u0000/../team-b',
      '/team/docs/./../../team-b/secret.txt',
    ])('refuses the escape %j for a key and the admin alike', async (raw) => {
      const key = fsOf(server, keyCaller('/team'));
      const codes = [
        await codeOf(key.read(raw)),
        await codeOf(key.list(raw)),
        await codeOf(key.write(raw, bodyOf('x'))),
        await codeOf(admin.read(raw)),
      ];
      // Refused as a path, or as a place outside the key; never read or written.
      for (const code of codes.slice(0, 3)) {
        expect(['INVALID_PATH', 'FORBIDDEN', 'NOT_FOUND']).toContain(code);
      }
      expect(['INVALID_PATH', 'NOT_FOUND']).toContain(codes[3]);
      expect((await teamB.driver.list('', { delimiter: '/' })).objects.map((o) => o.key)).toEqual([
        'secret.txt',
      ]);
    });

    it('treats look-alikes of / and . as plain names inside the mount', async () => {
      const key = fsOf(server, keyCaller('/team'));
      // A name a second decoding would turn into `../team-b` is a name like any other here.
      for (const name of ['\uff0e\uff0e\uff0fteam-b', '..%2f..%2fteam-b']) {
        await key.write(`/team/docs/${name}`, bodyOf('inside'));
        expect(await docs.driver.stat(name)).not.toBeNull();
        expect(await namesIn(key, '/team/docs')).toContain(name);
      }
      expect((await teamB.driver.list('', { delimiter: '/' })).objects).toHaveLength(1);
    });

    it('refuses a key with a basic_path that does not normalise', async () => {
      const key = fsOf(server, keyCaller('/team/../team-b'));
      expect(await codeOf(key.list('/'))).toBe('FORBIDDEN');
      expect(await codeOf(key.list('/team-b'))).toBe('FORBIDDEN');
    });
  });
});
