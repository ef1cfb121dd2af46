import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { runRestore } from '@/maintenance/restore';
import { createPaste } from '../pastes/builders';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import {
  createPostgresDatabase,
  dialect,
  startTestServer,
  type TestServer,
} from '../support/test-server';
import { expectEverythingOpens, runMaintenance, seedEverything, type Seeded } from './support';

/**
 * Backup and restore (issue 36): a backup taken while the server answers requests, restored
 * into a fresh DATA_DIR (and a fresh PostgreSQL database), opens every object again; a
 * damaged backup and a target holding data are refused before anything is written.
 */
describe(`backup and restore [${dialect}]`, () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-backup-'));
  const backupFile = path.join(work, 'pastebox.backup');
  const restoredDir = path.join(work, 'restored');
  let source: TestServer;
  let admin: ApiClient;
  let seeded: Seeded;
  let target: { url: string; drop: () => Promise<void> } | null = null;
  let restored: TestServer | undefined;

  /** The environment the restore runs with: the server's own variables, no SECRET. */
  const restoreEnv = () => ({
    DATA_DIR: restoredDir,
    ...(target ? { DATABASE_URL: target.url } : {}),
  });

  beforeAll(async () => {
    source = await startTestServer();
    admin = await source.admin();
    seeded = await seedEverything(admin);
    target = dialect === 'postgres' ? await createPostgresDatabase() : null;
  }, SWIFT_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await restored?.close();
    await source.close();
    await target?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('writes a backup while the server keeps answering and writing', async () => {
    let serving = true;
    let answered = 0;
    const traffic = (async () => {
      while (serving) {
        await createPaste(admin, { content: `during the backup ${answered}` });
        answered += 1;
      }
    })();
    const backup = await runMaintenance(['backup', '--to', backupFile], {
      DATA_DIR: source.dataDir,
      SECRET: 'test-secret-0123456789abcdef',
      ...(dialect === 'postgres' ? { DATABASE_URL: source.deps.config.DATABASE_URL ?? '' } : {}),
    });
    serving = false;
    await traffic;
    expect(backup.code, backup.stderr).toBe(0);
    expect(answered).toBeGreaterThan(0);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
  });

  it('refuses a backup with one byte changed, writing nothing', async () => {
    const damaged = path.join(work, 'damaged.backup');
    const bytes = fs.readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    fs.writeFileSync(damaged, bytes);

    const result = await runMaintenance(['restore', damaged], restoreEnv());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/damaged|checksum|does not match/);
    expect(fs.existsSync(restoredDir)).toBe(false);
  });

  it('restores into a fresh DATA_DIR where every share, key, mount and file opens', async () => {
    const result = await runMaintenance(['restore', backupFile], restoreEnv());
    expect(result.code, result.stderr).toBe(0);
    expect(fs.statSync(path.join(restoredDir, 'secret.key')).mode & 0o777).toBe(0o600);

    // SECRET unset: the restored server runs on the secret.key the restore wrote.
    restored = await startTestServer(
      { DATA_DIR: restoredDir, SECRET: '' },
      target ? { databaseUrl: target.url } : {},
    );
    await expectEverythingOpens(restored, seeded);
  });

  it('refuses to restore over data', async () => {
    // In this process (the exit status of a refusal is the damaged backup's, above).
    const before = fs.readdirSync(restoredDir).sort();
    await expect(runRestore(loadConfig(restoreEnv()), backupFile)).rejects.toThrow(
      /not empty|holds files already/,
    );
    expect(fs.readdirSync(restoredDir).sort()).toEqual(before);
  });
});
