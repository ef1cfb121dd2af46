import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DashboardStats } from '@pastebox/contract/schemas/dashboard';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { createPostgresDatabase, dialect } from '../support/test-server';
import { STATS } from './support';

const PASTES = 24;

/** Pastes created in the last seven days, by the dashboard of `client`'s instance. */
async function createdThisWeek(client: ApiClient): Promise<number> {
  const res = await client.get<DashboardStats>(STATS);
  expect(res.status).toBe(200);
  return res.body.data.activity.reduce((sum, day) => sum + day.pastes, 0);
}

/**
 * Creation is history across instances (issue 30): two server processes on one database
 * create, use up, sweep and delete the same shares at once; each one's dashboard still
 * counts every creation exactly once.
 */
describe(`dashboard history across two server processes (${dialect})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-history-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  const instances: ServerProcess[] = [];
  let clients: [ApiClient, ApiClient];

  beforeAll(async () => {
    database = dialect === 'postgres' ? await createPostgresDatabase() : null;
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    // One after the other: the first runs the migrations and creates the admin.
    for (let i = 0; i < 2; i += 1) {
      instances.push(await startServerProcess(env));
    }
    const [first, second] = instances as [ServerProcess, ServerProcess];
    clients = [
      new ApiClient(first.baseUrl, await adminAuthorization(first.baseUrl)),
      new ApiClient(second.baseUrl, await adminAuthorization(second.baseUrl)),
    ];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts each creation once after parallel creates, reads, sweeps and deletes', async () => {
    const made = await Promise.all(
      Array.from({ length: PASTES }, async (_, index) => {
        const res = await clients[index % 2]!.post<PasteDetail>('/api/paste', {
          content: `paste ${index}`,
          max_views: 1,
        });
        expect(res.status).toBe(201);
        return res.body.data;
      }),
    );
    expect(await createdThisWeek(clients[0])).toBe(PASTES);

    // Half are read once (used up) through the other instance.
    await Promise.all(
      made
        .slice(0, PASTES / 2)
        .map((paste, index) => clients[(index + 1) % 2]!.get(`/api/paste/${paste.slug}`)),
    );
    // Both sweep, and both delete overlapping halves, all at once.
    const ids = made.map((paste) => paste.id);
    const answers = await Promise.all([
      clients[0].post('/api/admin/pastes/clear-expired'),
      clients[1].post('/api/admin/pastes/clear-expired'),
      clients[0].post('/api/admin/pastes/batch-delete', { ids: ids.slice(0, (PASTES * 3) / 4) }),
      clients[1].post('/api/admin/pastes/batch-delete', { ids: ids.slice(PASTES / 4) }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    for (const client of clients) {
      const list = await client.get<{ items: unknown[] }>('/api/admin/pastes');
      expect(list.body.data.items).toEqual([]);
      expect(await createdThisWeek(client)).toBe(PASTES);
    }
  });
});
