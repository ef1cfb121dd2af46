import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertApiKey } from '../uploads/builders';
import { STATS } from './support';

/** SPEC §6: dashboard stats are for the admin only, whatever a key may do elsewhere. */
describe('GET /api/admin/dashboard/stats: who may read it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 401 without credentials and with a token that is not valid', async () => {
    const anonymous = await server.anon.get(STATS);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    const forged = await server.anon.withAuth('Bearer not-a-real-token').get(STATS);
    expect(forged.status).toBe(401);
  });

  it('answers 403 ADMIN_REQUIRED to an API key, with every permission or none', async () => {
    const everything = await insertApiKey(server, { file: true, mount: true });
    await server.deps.db
      .updateTable('api_keys')
      .set({ text_permission: 1 })
      .where('id', '=', everything.id)
      .execute();
    const nothing = await insertApiKey(server, { file: false, mount: false });
    for (const key of [everything, nothing]) {
      const res = await key.client.get(STATS);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ADMIN_REQUIRED');
    }
  });

  it('answers the admin with the envelope', async () => {
    const admin = await server.admin();
    const res = await admin.get(STATS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true });
  });

  it('is in the OpenAPI document, tagged System and marked admin-only', async () => {
    const res = await server.anon.raw('/api/openapi.json');
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    };
    const operation = doc.paths['/admin/dashboard/stats']?.get;
    expect(operation?.tags).toEqual(['System']);
    expect(operation?.security).toEqual([{ AdminToken: [] }]);
  });
});
