import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrateDb } from '@/maintenance/migrate-db';
import { createPostgresDatabase, startTestServer, type TestServer } from '../support/test-server';
import { expectEverythingOpens, runMaintenance, seedEverything, type Seeded } from './support';

/**
 * Moving from SQLite to PostgreSQL (issue 36): every row copied and compared, the app
 * started on PostgreSQL with the same DATA_DIR finds everything, a target with data is
 * refused. PostgreSQL-only: the target is a PostgreSQL database.
 */
describe('migrate-db from SQLite to PostgreSQL', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-migrate-'));
  const sqliteUrl = `sqlite:${path.join(work, 'source.db')}`;
  let source: TestServer;
  let seeded: Seeded;
  let target: { url: string; drop: () => Promise<void> };
  let moved: TestServer | undefined;

  beforeAll(async () => {
    source = await startTestServer({}, { databaseUrl: sqliteUrl });
    seeded = await seedEverything(await source.admin(), false);
    target = await createPostgresDatabase();
  });

  afterAll(async () => {
    await moved?.close();
    await source.close();
    await target.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies every table, prints the comparison, and the app starts on the copy', async () => {
    const result = await runMaintenance(
      ['migrate-db', '--from', sqliteUrl, '--to', target.url],
      {},
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^pastes\s+2\s+2\s+ok$/m);
    expect(result.stdout).not.toMatch(/DIFFERENT/);

    // The storage files stay where they are: the same DATA_DIR, now with PostgreSQL.
    moved = await startTestServer({ DATA_DIR: source.dataDir }, { databaseUrl: target.url });
    await expectEverythingOpens(moved, seeded);
  });

  it('refuses a target that holds data', async () => {
    await expect(runMigrateDb(sqliteUrl, target.url)).rejects.toThrow(/is not empty/);
  });
});
