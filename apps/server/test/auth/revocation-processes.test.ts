import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { createPostgresDatabase, dialect } from '../support/test-server';

/** Far below the 30 s a cached entry may live: only the epoch can explain a refusal. */
const WITHIN_MS = 5_000;

/** Polls until `check` answers true; the time it took, or null past `limitMs`. */
async function timeUntil(check: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) {
      return performance.now() - started;
    }
    await sleep(50);
  }
  return null;
}

/**
 * Scale-out (DESIGN §1): two server processes on one database, real clocks. Each caches
 * the sessions and keys it resolved; a revocation through one process holds in the other
 * within about a second, through the revocation epoch in the database.
 */
describe(`revocations across two server processes (${dialect})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-revoke-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let instances: ServerProcess[] = [];
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = dialect === 'postgres' ? await createPostgresDatabase() : null;
    // One data folder: on SQLite both open the same database file.
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    // One after the other: the first runs the migrations and creates the admin.
    for (let i = 0; i < 2; i += 1) {
      instances.push(await startServerProcess(env));
    }
    [first, second] = instances as [ServerProcess, ServerProcess];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a token logged out through the other process within a second or so', async () => {
    const authorization = await adminAuthorization(first.baseUrl);
    const onFirst = new ApiClient(first.baseUrl, authorization);
    const onSecond = new ApiClient(second.baseUrl, authorization);
    expect((await onFirst.get('/api/test/admin-token')).status).toBe(200);
    expect((await onSecond.get('/api/test/admin-token')).status).toBe(200);

    expect((await onSecond.post('/api/admin/logout')).status).toBe(200);
    expect((await onSecond.get('/api/test/admin-token')).status).toBe(401);
    const took = await timeUntil(
      async () => (await onFirst.get('/api/test/admin-token')).status === 401,
      WITHIN_MS,
    );
    expect(took).not.toBeNull();
  });

  it('refuses a key deleted through the other process within a second or so', async () => {
    const admin = new ApiClient(first.baseUrl, await adminAuthorization(first.baseUrl));
    const created = await admin.post<{ id: string; key: string }>('/api/admin/api-keys', {
      name: 'revoked-across-processes',
      text_permission: true,
    });
    expect(created.status).toBe(201);
    const onFirst = new ApiClient(first.baseUrl).withApiKey(created.body.data.key);
    expect((await onFirst.get('/api/test/api-key')).status).toBe(200);

    const adminOnSecond = new ApiClient(second.baseUrl, await adminAuthorization(second.baseUrl));
    const deleted = await adminOnSecond.delete(`/api/admin/api-keys/${created.body.data.id}`);
    expect(deleted.status).toBe(200);
    const took = await timeUntil(
      async () => (await onFirst.get('/api/test/api-key')).status === 401,
      WITHIN_MS,
    );
    expect(took).not.toBeNull();
  });
});
