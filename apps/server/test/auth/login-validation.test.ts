import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';

describe('POST /api/admin/login: request shape', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    [{}, ['username', 'password']],
    [{ username: ADMIN.username }, ['password']],
    [{ password: ADMIN.password }, ['username']],
    [{ username: '', password: '' }, ['username', 'password']],
    [{ username: 42, password: ADMIN.password }, ['username']],
  ])('%j → 400 VALIDATION_FAILED naming %j', async (body, fields) => {
    const res = await server.anon.post('/api/admin/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, error: 'VALIDATION_FAILED' });
    const paths = res.body.details?.map((d) => d.path) ?? [];
    expect([...new Set(paths)].sort()).toEqual([...fields].sort());
    for (const detail of res.body.details ?? []) {
      expect(detail.message).toMatch(/.+/);
    }
  });

  it('refuses an unknown username like a wrong password', async () => {
    const res = await server.anon.post('/api/admin/login', {
      username: 'nobody',
      password: ADMIN.password,
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_CREDENTIALS');
  });

  it('stores only a hash of the session token', async () => {
    const res = await server.anon.post<{ token: string }>('/api/admin/login', ADMIN);
    const rows = await server.deps.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(res.body.data.token);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a session token once it has expired', async () => {
    const admin = await server.admin();
    expect((await admin.get('/api/test/admin-token')).status).toBe(200);
    server.clock.advance(7 * 24 * 60 * 60 * 1000);
    const res = await admin.get('/api/test/admin-token');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });
});
