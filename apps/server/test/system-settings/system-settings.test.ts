import type { SystemSettings } from '@pastebox/contract/schemas/system-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createFileKey, postForm } from '../uploads/builders';

const PATH = '/api/admin/system-settings';

describe('GET, PUT /api/admin/system-settings', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('answers the SPEC defaults before anything is set', async () => {
    const res = await admin.get<SystemSettings>(PATH);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      max_upload_size: 100,
      max_upload_size_unit: 'MB',
      max_upload_size_bytes: 100 * 1024 * 1024,
      webdav_upload_mode: 'auto',
      link_preview_snippets: true,
    });
  });

  it('stores a size in GB that GET /api/system/max-upload-size answers in MB', async () => {
    const res = await admin.put<SystemSettings>(PATH, {
      max_upload_size: 2,
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'multipart',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      max_upload_size: 2,
      max_upload_size_unit: 'GB',
      max_upload_size_bytes: 2 * 1024 ** 3,
      webdav_upload_mode: 'multipart',
      link_preview_snippets: true,
    });
    expect((await admin.get<SystemSettings>(PATH)).body.data).toEqual(res.body.data);
    const publicSize = await server.anon.get(`/api/system/max-upload-size`);
    expect(publicSize.body.data).toEqual({
      max_upload_size: 2048,
      max_upload_size_bytes: 2 * 1024 ** 3,
    });
  });

  it('keeps the size when only the unit or the mode changes', async () => {
    await admin.put(PATH, { max_upload_size: 1536, max_upload_size_unit: 'MB' });
    const inGb = await admin.put<SystemSettings>(PATH, { max_upload_size_unit: 'GB' });
    expect(inGb.body.data).toMatchObject({ max_upload_size: 1.5, max_upload_size_unit: 'GB' });
    const mode = await admin.put<SystemSettings>(PATH, { webdav_upload_mode: 'direct' });
    expect(mode.body.data).toMatchObject({
      max_upload_size: 1.5,
      max_upload_size_bytes: 1536 * 1024 * 1024,
      webdav_upload_mode: 'direct',
    });
  });

  it.each([
    [{ max_upload_size: 0 }],
    [{ max_upload_size: -5 }],
    [{ max_upload_size: 'ten' }],
    [{ max_upload_size: 10, max_upload_size_unit: 'TB' }],
    [{ webdav_upload_mode: 'ftp' }],
    [{ link_preview_snippets: 'no' }],
    [{ max_upload_size: 1025, max_upload_size_unit: 'GB' }],
    [{ max_upload_size: 0.0001, max_upload_size_unit: 'KB' }],
  ])('refuses %j with 400 VALIDATION_FAILED and changes nothing', async (body) => {
    const before = (await admin.get<SystemSettings>(PATH)).body.data;
    const res = await admin.put(PATH, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    expect((await admin.get<SystemSettings>(PATH)).body.data).toEqual(before);
  });

  it('is for the admin only: 401 without credentials, 403 for an API key', async () => {
    expect((await server.anon.get(PATH)).status).toBe(401);
    expect((await server.anon.put(PATH, { max_upload_size: 5 })).status).toBe(401);
    const key = await createFileKey(server);
    expect((await key.client.get(PATH)).status).toBe(403);
    expect((await key.client.put(PATH, { max_upload_size: 5 })).status).toBe(403);
  });
});

describe('the max upload size set through the API limits POST /api/upload', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const config = await admin.post<{ id: string }>('/api/s3-configs', {
      name: 'local-limits',
      provider_type: 'local',
      root_path: 'limits',
    });
    configId = config.body.data.id;
  });
  afterAll(() => server.close());

  it('refuses 2 KB with 413 FILE_TOO_LARGE and accepts 500 bytes once the limit is 1 KB', async () => {
    const set = await admin.put<SystemSettings>(PATH, {
      max_upload_size: 1,
      max_upload_size_unit: 'KB',
    });
    expect(set.body.data).toMatchObject({ max_upload_size: 1, max_upload_size_bytes: 1024 });
    const fields = { s3_config_id: configId };
    const big = await postForm(admin, { content: Buffer.alloc(2048, 7), fields });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, error: 'FILE_TOO_LARGE' });
    const small = await postForm(admin, { content: Buffer.alloc(500, 7), fields });
    expect(small.status).toBe(201);
    expect(small.body.data.size).toBe(500);
  });
});
