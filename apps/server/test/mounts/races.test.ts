import type { MountItem } from '@pastebox/contract/schemas/mount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { createMount, mountPaths, postMount } from './support';

const BURST = 20;

/**
 * Uniqueness and nesting are checked and written in one serialised step: a burst of
 * parallel writes of equal or nested paths stores exactly one, on SQLite and PostgreSQL.
 */
describe(`admin/mounts: parallel writes (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    configId = (await storageTargets()[0]!.createConfig(admin)).id;
  });
  afterAll(() => server.close());

  /** The statuses of a burst, counted: every loser is a 409 with the clash's key. */
  function tally(answers: { status: number; body: { error?: string } }[]) {
    const counts: Record<string, number> = {};
    for (const { status, body } of answers) {
      const label = status === 201 || status === 200 ? String(status) : `${status} ${body.error}`;
      counts[label] = (counts[label] ?? 0) + 1;
    }
    return counts;
  }

  it(`stores exactly one of ${BURST} parallel creates of the same path`, async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postMount(admin, configId, { name: `same ${i}`, mount_path: '/burst' }),
      ),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 MOUNT_PATH_TAKEN': BURST - 1 });
    expect((await mountPaths(admin)).filter((path) => path.startsWith('/burst'))).toEqual([
      '/burst',
    ]);
  });

  it(`stores exactly one of ${BURST} parallel creates of nested paths`, async () => {
    const paths = Array.from({ length: BURST }, (_, i) =>
      ['/nest', ...Array.from({ length: i }, (_, depth) => `d${depth}`)].join('/'),
    );
    const answers = await Promise.all(
      paths.map((mount_path, i) => postMount(admin, configId, { name: `nest ${i}`, mount_path })),
    );
    const created = answers.filter((res) => res.status === 201);
    expect(created).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('MOUNT_PATH_NESTED');
    }
    const stored = (await mountPaths(admin)).filter((path) => path.startsWith('/nest'));
    expect(stored).toEqual([created[0]!.body.data.mount_path]);
  });

  it(`moves ${BURST} mounts in parallel to one path: exactly one gets it`, async () => {
    const mounts: MountItem[] = [];
    for (let i = 0; i < BURST; i++) {
      mounts.push(await createMount(admin, configId, { mount_path: `/mover${i}` }));
    }
    const answers = await Promise.all(
      mounts.map((mount) => admin.put(`/api/admin/mounts/${mount.id}`, { mount_path: '/target' })),
    );
    expect(tally(answers)).toEqual({ '200': 1, '409 MOUNT_PATH_TAKEN': BURST - 1 });
    const paths = await mountPaths(admin);
    expect(paths.filter((path) => path === '/target')).toHaveLength(1);
    expect(paths.filter((path) => path.startsWith('/mover'))).toHaveLength(BURST - 1);
  });
});
