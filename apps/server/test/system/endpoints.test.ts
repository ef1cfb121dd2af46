import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '@/modules/system/settings';
import { APP_VERSION } from '@/version';
import { startTestServer, type TestServer } from '../support/test-server';

describe('system endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('GET /api/health answers ok with the database checked', async () => {
    const res = await server.anon.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      success: true,
      data: { status: 'ok', database: 'ok' },
    });
  });

  it('GET /api/version answers the product name and version', async () => {
    const res = await server.anon.get<{ name: string; version: string; node: string }>(
      '/api/version',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Pastebox',
      version: APP_VERSION,
      node: process.version,
    });
  });

  it('GET /api/system/max-upload-size answers 100 by default, then the stored setting', async () => {
    const res = await server.anon.get<{ max_upload_size: number; max_upload_size_bytes: number }>(
      '/api/system/max-upload-size',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ max_upload_size: 100, max_upload_size_bytes: 104_857_600 });

    await putSetting(server.deps.db, 'max_upload_size_mb', '250', new Date().toISOString());
    const changed = await server.anon.get<{ max_upload_size: number }>(
      '/api/system/max-upload-size',
    );
    expect(changed.body.data.max_upload_size).toBe(250);
  });

  it('answers an unknown /api path with the NOT_FOUND envelope', async () => {
    for (const path of ['/api/nope', '/api/admin/nothing-here', '/api']) {
      const res = await server.anon.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 404, success: false, error: 'NOT_FOUND', data: null });
    }
  });

  it('answers a malformed JSON body with 400 VALIDATION_FAILED', async () => {
    const res = await server.anon.raw('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "admin", ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; success: boolean };
    expect(body.success).toBe(false);
    expect(body.error).toBe('VALIDATION_FAILED');
  });

  it('answers a body that is not JSON at all with 400 VALIDATION_FAILED', async () => {
    const res = await server.anon.raw('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'username=admin',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('VALIDATION_FAILED');
  });

  it('sends a request id on every answer', async () => {
    const res = await server.anon.get('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });
});
