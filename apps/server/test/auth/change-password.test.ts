import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';

const CHANGE = '/api/admin/change-password';

describe('POST /api/admin/change-password: refusals', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    [{ newPassword: 'another-password' }],
    [{ currentPassword: '', newPassword: 'another-password' }],
  ])('needs the current password (%j) → 400 VALIDATION_FAILED', async (body) => {
    const res = await admin.post(CHANGE, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect(res.body.details?.map((d) => d.path)).toContain('currentPassword');
  });

  it.each([
    [{ currentPassword: ADMIN.password }],
    [{ currentPassword: ADMIN.password, newPassword: '', newUsername: '' }],
    [{ currentPassword: ADMIN.password, newPassword: null, newUsername: '   ' }],
  ])('needs a new username or password (%j) → 400 NOTHING_TO_CHANGE', async (body) => {
    const res = await admin.post(CHANGE, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('NOTHING_TO_CHANGE');
  });

  it('refuses a new password equal to the current one → 400 NEW_PASSWORD_SAME', async () => {
    const res = await admin.post(CHANGE, {
      currentPassword: ADMIN.password,
      newPassword: ADMIN.password,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('NEW_PASSWORD_SAME');
  });

  it('refuses a too-short new password → 400 VALIDATION_FAILED', async () => {
    const res = await admin.post(CHANGE, { currentPassword: ADMIN.password, newPassword: '123' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect(res.body.details?.[0]?.path).toBe('newPassword');
  });

  it('refuses a wrong current password → 401 VERIFICATION_FAILED, session kept', async () => {
    const res = await admin.post(CHANGE, {
      currentPassword: 'not-the-password',
      newPassword: 'another-password',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('VERIFICATION_FAILED');
    // A wrong password is not a logout: the token still works, and nothing changed.
    expect((await admin.get('/api/test/admin-token')).status).toBe(200);
    expect((await server.anon.post('/api/admin/login', ADMIN)).status).toBe(200);
  });

  it('is admin-only: anonymous → 401, an API key → 403', async () => {
    const body = { currentPassword: ADMIN.password, newPassword: 'another-password' };
    const anon = await server.anon.post(CHANGE, body);
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('UNAUTHORIZED');

    const key = await admin.post<{ key: string }>('/api/admin/api-keys', {
      name: 'change-password-key',
      text_permission: true,
    });
    const asKey = await server.anon.withApiKey(key.body.data.key).post(CHANGE, body);
    expect(asKey.status).toBe(403);
    expect(asKey.body.error).toBe('ADMIN_REQUIRED');
    expect((await server.anon.post('/api/admin/login', ADMIN)).status).toBe(200);
  });
});

describe('POST /api/admin/change-password: success', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('changes the password and revokes every session', async () => {
    const first = await server.admin();
    const second = await server.admin();
    const res = await first.post<{ username: string }>(CHANGE, {
      currentPassword: ADMIN.password,
      newPassword: 'brand-new-password',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe(ADMIN.username);

    for (const client of [first, second]) {
      const check = await client.get('/api/test/admin-token');
      expect(check.status).toBe(401);
      expect(check.body.error).toBe('INVALID_TOKEN');
    }
    const oldLogin = await server.anon.post('/api/admin/login', ADMIN);
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.error).toBe('INVALID_CREDENTIALS');
    const newLogin = await server.anon.post<{ token: string }>('/api/admin/login', {
      username: ADMIN.username,
      password: 'brand-new-password',
    });
    expect(newLogin.status).toBe(200);
    const fresh = server.anon.withAuth(`Bearer ${newLogin.body.data.token}`);
    expect((await fresh.get('/api/test/admin-token')).status).toBe(200);
  });

  it('changes the username alone, keeping the password, and revokes sessions', async () => {
    const admin = await server.admin();
    const res = await admin.post<{ username: string }>(CHANGE, {
      currentPassword: ADMIN.password,
      newUsername: '  root  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe('root');
    expect((await admin.get('/api/test/admin-token')).status).toBe(401);

    expect((await server.anon.post('/api/admin/login', ADMIN)).status).toBe(401);
    const login = await server.anon.post<{ token: string; username: string }>('/api/admin/login', {
      username: 'root',
      password: ADMIN.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.username).toBe('root');
    const check = await server.anon
      .withAuth(`Bearer ${login.body.data.token}`)
      .get<{ username: string }>('/api/test/admin-token');
    expect(check.body.data.username).toBe('root');
  });

  it('changes both at once', async () => {
    const admin = await server.admin();
    const res = await admin.post(CHANGE, {
      currentPassword: ADMIN.password,
      newUsername: 'owner',
      newPassword: 'owner-password',
    });
    expect(res.status).toBe(200);
    const login = await server.anon.post('/api/admin/login', {
      username: 'owner',
      password: 'owner-password',
    });
    expect(login.status).toBe(200);
  });

  it('keeps API keys working: they are not sessions', async () => {
    const admin = await server.admin();
    const key = await admin.post<{ key: string }>('/api/admin/api-keys', { name: 'survivor' });
    await admin.post(CHANGE, { currentPassword: ADMIN.password, newPassword: 'changed-pass' });
    const res = await server.anon.withApiKey(key.body.data.key).get('/api/test/api-key');
    expect(res.status).toBe(200);
  });
});
