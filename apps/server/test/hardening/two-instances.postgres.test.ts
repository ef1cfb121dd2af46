import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAddress } from '../auth/from-address';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { ADMIN, createPostgresDatabase } from '../support/test-server';

const LOGIN_TRIES = 10;
const SHARE_PASSWORD_TRIES = 20;

/**
 * Scale-out (DESIGN §1): two server processes on one PostgreSQL database, behind a trusted
 * proxy. The limits live in the database and are counted before the slow check, so a
 * burst split across both instances gets no more tries than the same guesses in a row.
 */
describe('rate limits across two instances on one PostgreSQL', () => {
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-two-')));
  let database: { url: string; drop: () => Promise<void> };
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other: the first runs the migrations and creates the admin.
    for (const dataDir of dataDirs) {
      instances.push(
        await startServerProcess({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          TRUST_PROXY: 'true',
        }),
      );
    }
  }, 90_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
    await database.drop();
    for (const dataDir of dataDirs) {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** Request `i` goes to instance `i % 2`, as a round-robin balancer sends it. */
  const balanced = (address: string) => (i: number) =>
    fromAddress(instances[i % instances.length]?.baseUrl ?? '', address);

  it('120 parallel wrong logins, split across both, get exactly 10 tries', async () => {
    const via = balanced('203.0.113.50');
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        via(i)('POST', '/api/admin/login', {
          body: { username: ADMIN.username, password: `guess-${i}` },
        }),
      ),
    );
    const tried = answers.filter((answer) => answer.status === 401).length;
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect({ tried, refused }).toEqual({ tried: LOGIN_TRIES, refused: 120 - LOGIN_TRIES });
  });

  it('120 parallel wrong share passwords, split across both, get exactly 20 tries', async () => {
    const login = await fromAddress(instances[0]?.baseUrl ?? '', '203.0.113.60')<{
      token: string;
    }>('POST', '/api/admin/login', { body: ADMIN });
    const created = await fromAddress(instances[0]?.baseUrl ?? '', '203.0.113.60')<{
      slug: string;
    }>('POST', '/api/paste', {
      authorization: `Bearer ${login.body.data.token}`,
      body: { content: 'guarded', password: 'the-right-one' },
    });
    const via = balanced('203.0.113.61');
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        via(i)('POST', `/api/paste/${created.body.data.slug}`, {
          body: { password: `guess-${i}` },
        }),
      ),
    );
    const tried = answers.filter((answer) => answer.status === 401).length;
    expect(tried).toBe(SHARE_PASSWORD_TRIES);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
      120 - SHARE_PASSWORD_TRIES,
    );
  });
});
