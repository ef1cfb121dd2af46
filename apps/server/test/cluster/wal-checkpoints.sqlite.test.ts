import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/test-server';
import { fresh, startCluster, type ClusterProcess } from './cluster-process';

const LISTENING = /Pastebox listening on (http:\/\/\S+) \((\d+) worker processes\)/;
/** 60 pastes of 12 KiB: about 200 pages, well under SQLite's own 1,000-page checkpoint. */
const PASTES = 60;
const CONTENT = 'checkpointed by the primary\n'.repeat(440);

/**
 * In a cluster on SQLite the workers never checkpoint the write-ahead log; the primary does
 * it in the background (src/db/wal-checkpointer.ts) and closes its connection last.
 */
describe('write-ahead log checkpoints in a cluster (sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-checkpoints-'));
  const file = path.join(dataDir, 'pastebox.db');
  let server: ClusterProcess;
  let baseUrl = '';

  beforeAll(async () => {
    server = startCluster({
      WORKERS: '2',
      PORT: '0',
      DATA_DIR: dataDir,
      SECRET: 'test-secret-0123456789abcdef',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const line = await server.waitForLog((l) => LISTENING.test(l.msg));
    baseUrl = LISTENING.exec(line.msg)?.[1] ?? '';
  }, 60_000);

  afterAll(() => {
    if (server.process.exitCode === null) {
      server.process.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies what the workers wrote into the database file within moments', async () => {
    const login = await fresh(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (JSON.parse(login.body) as { data: { token: string } }).data;
    const before = fs.statSync(file).size;
    for (let i = 0; i < PASTES; i += 1) {
      const created = await fresh(`${baseUrl}/api/paste`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: CONTENT }),
      });
      expect(created.status).toBe(201);
    }
    // Left to the workers' connections, the pages would stay in the log (under 1,000).
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(before + PASTES * CONTENT.length);
  });

  it('closes the log on SIGTERM: the last connection folds it into the file', async () => {
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
