import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../api-keys/builders';
import { createMount } from '../mounts/support';
import { createPaste, openPaste } from '../pastes/builders';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { openShare, uploadShare } from '../uploads/builders';
import { defaultConfigId, readStats } from './support';

/** The totals and today's counts (issue 11): exact, after creating, viewing and deleting. */
describe('dashboard stats: totals', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('a fresh install counts nothing but its default storage config', async () => {
    const stats = await readStats(admin);
    expect(stats.totals).toEqual({
      pastes: 0,
      files: 0,
      api_keys: 0,
      mounts: 0,
      storage_configs: 1,
      views: 0,
    });
    expect(stats.today).toEqual({ pastes: 0, files: 0 });
    expect(stats.recent).toEqual([]);
  });

  it('counts pastes, files, keys, mounts and every view; deleted shares and their views drop out', async () => {
    const pastes = [
      await createPaste(admin),
      await createPaste(admin),
      await createPaste(admin, { content: 'third' }),
    ];
    const files = [
      await uploadShare(admin, { content: 'one' }),
      await uploadShare(admin, { content: 'two two' }),
    ];
    await createKey(admin);
    await createKey(admin);
    await createMount(admin, await defaultConfigId(admin));

    // Views: paste 0 twice, paste 2 three times, file 1 once.
    for (const [slug, times] of [
      [pastes[0]!.slug, 2],
      [pastes[2]!.slug, 3],
    ] as const) {
      for (let view = 0; view < times; view++) {
        expect((await openPaste(server, slug)).status).toBe(200);
      }
    }
    expect((await openShare(server, files[1]!.slug)).status).toBe(200);

    const before = await readStats(admin);
    expect(before.totals).toEqual({
      pastes: 3,
      files: 2,
      api_keys: 2,
      mounts: 1,
      storage_configs: 1,
      views: 6,
    });
    expect(before.today).toEqual({ pastes: 3, files: 2 });

    // Deleting paste 2 (3 views) and file 1 (1 view) takes them and their views off the totals.
    expect((await admin.delete(`/api/admin/pastes/${pastes[2]!.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/files/${files[1]!.id}`)).status).toBe(200);
    const after = await readStats(admin);
    expect(after.totals).toEqual({
      pastes: 2,
      files: 1,
      api_keys: 2,
      mounts: 1,
      storage_configs: 1,
      views: 2,
    });
    // Creation is history (issue 30): today still counts what was created today.
    expect(after.today).toEqual({ pastes: 3, files: 2 });
    expect(after.activity.at(-1)).toMatchObject({ pastes: 3, files: 2 });
  });
});
