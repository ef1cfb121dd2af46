import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';

describe('when the database is gone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.deps.db.destroy();
  });
  afterAll(async () => {
    await server.close();
  });

  it('an unexpected error answers a generic 500 INTERNAL with a request id', async () => {
    const res = await server.anon.post('/api/admin/login', ADMIN);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      code: 500,
      success: false,
      data: null,
      error: 'INTERNAL',
      message: 'Internal server error',
    });
    expect(res.body.requestId).toMatch(/.+/);
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    const text = JSON.stringify(res.body).toLowerCase();
    for (const leak of ['select', 'rate_limits', 'destroyed', 'driver', 'kysely', 'stack']) {
      expect(text).not.toContain(leak);
    }
  });

  it('each 500 carries its own request id', async () => {
    const a = await server.anon.post('/api/admin/login', ADMIN);
    const b = await server.anon.post('/api/admin/login', ADMIN);
    expect(a.body.requestId).not.toBe(b.body.requestId);
  });

  it('health answers 503 SERVICE_UNAVAILABLE', async () => {
    const res = await server.anon.get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.success).toBe(false);
  });

  it('calls that need no database still answer', async () => {
    const res = await server.anon.get('/api/version');
    expect(res.status).toBe(200);
  });
});
