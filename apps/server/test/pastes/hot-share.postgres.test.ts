import type { PasteView } from '@pastebox/contract/schemas/paste';
import type { PublicFile } from '@pastebox/contract/schemas/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ApiClient } from '../support/api-client';
import { rawGet } from '../support/raw-get';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';
import { createPaste } from './builders';

/** Three instances of one cluster, 64 clients each: the exactness setting. */
const INSTANCES = 3;
const CLIENTS = 64;
const READS = INSTANCES * CLIENTS;

/**
 * A hot share on PostgreSQL (issue 34, DESIGN §16): each instance counts the reads of a
 * share that arrive together in one statement, and whatever the batches, a view-limited
 * share grants exactly its limit across the cluster and an unlimited one loses no count.
 */
describe('a hot share read on three instances at once (postgres)', () => {
  let servers: TestServer[] = [];
  let first: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    first = await startTestServer();
    const databaseUrl = first.deps.config.DATABASE_URL;
    const others = await Promise.all(
      Array.from({ length: INSTANCES - 1 }, () => startTestServer({}, { databaseUrl })),
    );
    servers = [first, ...others];
    admin = await first.admin();
  });

  afterAll(async () => {
    // The first instance owns (and drops) the database: it closes last.
    for (const server of servers.slice().reverse()) {
      await server.close();
    }
  });

  /** `read(server)` by CLIENTS clients on every instance at once; the statuses, in order. */
  async function readEverywhere<T>(read: (server: TestServer) => Promise<T>): Promise<T[]> {
    const reads = servers.flatMap((server) => Array.from({ length: CLIENTS }, () => read(server)));
    return Promise.all(reads);
  }

  async function storedViews(table: 'pastes' | 'files', id: string): Promise<number> {
    const row = await sql<{
      views: number;
    }>`select views from ${sql.table(table)} where id = ${id}`.execute(first.deps.db);
    return Number(row.rows[0]?.views);
  }

  it('grants a limited paste exactly its limit to its raw reads', async () => {
    for (const limit of [1, 50, READS - 1]) {
      const paste = await createPaste(admin, { content: `hot ${limit}`, maxViews: limit });
      const answers = await readEverywhere((server) =>
        rawGet(`${server.baseUrl}/api/raw/${paste.slug}`),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
      expect(statuses.filter((status) => status === 410)).toHaveLength(READS - limit);
      expect(answers.find((answer) => answer.status === 200)?.body.toString()).toBe(`hot ${limit}`);
      expect(await storedViews('pastes', paste.id)).toBe(limit);
    }
  });

  it('shows each page reader the count its own read made: 1 to the limit, each once', async () => {
    const limit = 150;
    const paste = await createPaste(admin, { maxViews: limit });
    const answers = await readEverywhere((server) =>
      server.anon.get<PasteView>(`/api/paste/${paste.slug}`),
    );
    const granted = answers.filter((answer) => answer.status === 200);
    const views = granted.map((answer) => answer.body.data.views).sort((a, b) => a - b);
    expect(views).toEqual(Array.from({ length: limit }, (_, index) => index + 1));
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(READS - limit);
    expect(await storedViews('pastes', paste.id)).toBe(limit);
  });

  it('loses no count of an unlimited paste', async () => {
    const paste = await createPaste(admin, { content: 'read by everyone' });
    const answers = await readEverywhere((server) =>
      rawGet(`${server.baseUrl}/api/raw/${paste.slug}`),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await storedViews('pastes', paste.id)).toBe(READS);
  });

  it('grants a limited file share exactly its limit when its page is opened', async () => {
    const limit = 70;
    const file = await uploadShare(admin, { fields: { max_views: limit } });
    const answers = await readEverywhere((server) =>
      server.anon.get<PublicFile>(`/api/public/files/${file.slug}`),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limit);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(READS - limit);
    expect(await storedViews('files', file.id)).toBe(limit);
  });

  it('counts many shares read together, each exactly', async () => {
    const pastes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createPaste(admin, { maxViews: 5 + index })),
    );
    // Each client reads them one after the other, so the instances see every share's reads
    // arrive mixed with the others'.
    const answers = await readEverywhere(async (server) => {
      const statuses = [];
      for (const paste of pastes) {
        statuses.push(await rawGet(`${server.baseUrl}/api/raw/${paste.slug}`));
      }
      return statuses;
    });
    for (const [index, paste] of pastes.entries()) {
      const granted = answers.filter((reads) => reads[index]?.status === 200);
      expect(granted).toHaveLength(5 + index);
      expect(await storedViews('pastes', paste.id)).toBe(5 + index);
    }
  });
});
