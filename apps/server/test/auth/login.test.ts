import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';

describe('admin login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a token and its expiry, and the token validates', async () => {
    const res = await server.anon.post<{ token: string; expiresAt: string }>(
      '/api/admin/login',
      ADMIN,
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(Date.now());

    const check = await server.anon
      .withAuth(`Bearer ${res.body.data.token}`)
      .get<{ username: string }>('/api/test/admin-token');
    expect(check.status).toBe(200);
    expect(check.body.data.username).toBe(ADMIN.username);
  });

  it('refuses a wrong password with INVALID_CREDENTIALS', async () => {
    const res = await server.anon.post('/api/admin/login', {
      username: ADMIN.username,
      password: 'nope-nope',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an unknown token with INVALID_TOKEN', async () => {
    const res = await server.anon.withAuth('Bearer not-a-token').get('/api/test/admin-token');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });

  it('logout revokes the token', async () => {
    const admin = await server.admin();
    expect((await admin.post('/api/admin/logout')).status).toBe(200);
    const res = await admin.get('/api/test/admin-token');
    expect(res.status).toBe(401);
  });
});
