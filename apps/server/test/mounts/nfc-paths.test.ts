import type { FsListing } from '@pastebox/contract/schemas/fs';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '@/db/migrations/012-mount-paths-nfc';
import type { ApiClient } from '../support/api-client';
import { insertMount } from '../support/mounts';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { createMount, postMount, refusal } from './support';

/**
 * Issue 29: mount paths are saved in NFC, as request paths are read. U+F900 (a CJK
 * compatibility ideograph) is U+8C48 in NFC: saved as it came, a mount at `/\uF900` was a
 * mount no request reached, and one at `/\u8C48` was a second mount that both reached.
 */
describe('mount paths in NFC', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const [local] = storageTargets();
    configId = (await local!.createConfig(admin)).id;
  });
  afterAll(() => server.close());

  const listStatus = async (path: string) =>
    (await admin.get<FsListing>(`/api/admin/fs/list?path=${encodeURIComponent(path)}`)).status;

  it('a create saves the NFC form, which requests reach; its other spelling is TAKEN', async () => {
    const mount = await createMount(admin, configId, { mount_path: '/\uF900' });
    expect(mount.mount_path).toBe('/\u8C48');
    expect(await listStatus('/\uF900')).toBe(200);
    expect(await listStatus('/\u8C48')).toBe(200);
    const again = refusal(await postMount(admin, configId, { mount_path: '/\u8C48' }));
    expect([again.status, again.error]).toEqual([409, 'MOUNT_PATH_TAKEN']);
    const nested = refusal(await postMount(admin, configId, { mount_path: '/\uF900/sub' }));
    expect([nested.status, nested.error]).toEqual([409, 'MOUNT_PATH_NESTED']);
  });

  it('an update saves the NFC form and refuses a spelling of another mount', async () => {
    const first = await createMount(admin, configId, { mount_path: '/\u66F4' });
    const second = await createMount(admin, configId, { mount_path: '/second-nfc' });
    const clash = refusal(
      await admin.put(`/api/admin/mounts/${second.id}`, { mount_path: '/\uF901' }),
    );
    expect([clash.status, clash.error]).toEqual([409, 'MOUNT_PATH_TAKEN']);
    // The mount's own path in another spelling is no change at all.
    const same = await admin.put<MountItem>(`/api/admin/mounts/${first.id}`, {
      mount_path: '/\uF901',
      remark: 'same path',
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.mount_path).toBe('/\u66F4');
    const moved = await admin.put<MountItem>(`/api/admin/mounts/${second.id}`, {
      mount_path: '/\uF902',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.mount_path).toBe('/\u8ECA');
    expect(await listStatus('/\u8ECA')).toBe(200);
  });

  it('migration 012 normalises stored paths; a clash is switched off under a free path', async () => {
    const insert = (mountPath: string, minutesAgo: number) => {
      return insertMount(server.deps, { mountPath, storageConfigId: configId }).then(
        async (fixture) => {
          const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
          await server.deps.db
            .updateTable('mounts')
            .set({ created_at: at })
            .where('id', '=', fixture.id)
            .execute();
          return fixture.id;
        },
      );
    };
    // A dead mount, then the NFC one that requests reach today (created later).
    const dead = await insert('/\uF903', 30);
    const live = await insert('/\u8CC8', 20);
    // A dead mount nested, once normalised, inside the live one.
    const deadNested = await insert('/\uF903/inner', 25);
    // A dead mount alone: it becomes the mount its admin meant.
    const alone = await insert('/\uF904', 10);
    // Two spellings of one path, neither in NFC (combining marks in two orders).
    const older = await insert('/a\u0323\u0302', 9);
    const younger = await insert('/a\u0302\u0323', 8);

    await up(server.deps.db as unknown as Kysely<unknown>);

    const rows = await server.deps.db
      .selectFrom('mounts')
      .select(['id', 'mount_path', 'is_active'])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(live)).toMatchObject({ mount_path: '/\u8CC8', is_active: 1 });
    expect(byId.get(dead)).toMatchObject({ mount_path: '/\u8CC8-nfc1', is_active: 0 });
    expect(byId.get(deadNested)).toMatchObject({ mount_path: '/\u8CC8-nfc2/inner', is_active: 0 });
    expect(byId.get(alone)).toMatchObject({ mount_path: '/\u6ED1', is_active: 1 });
    // The older spelling takes the path; the younger is switched off under a free one.
    expect(byId.get(older)).toMatchObject({ mount_path: '/\u1EAD', is_active: 1 });
    expect(byId.get(younger)).toMatchObject({ mount_path: '/\u1EAD-nfc1', is_active: 0 });
    for (const row of rows) {
      expect(row.mount_path).toBe(row.mount_path.normalize('NFC'));
    }
    expect(new Set(rows.map((row) => row.mount_path)).size).toBe(rows.length);
    expect(await listStatus('/\u8CC8')).toBe(200);
    // Running it again changes nothing.
    await up(server.deps.db as unknown as Kysely<unknown>);
    const again = await server.deps.db
      .selectFrom('mounts')
      .select(['id', 'mount_path', 'is_active'])
      .execute();
    expect(again).toEqual(expect.arrayContaining(rows));
  });
});
