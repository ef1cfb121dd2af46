import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const S3_BODY = {
  provider_type: 'r2',
  endpoint_url: 'https://account.r2.cloudflarestorage.com',
  bucket_name: 'my-bucket',
  access_key_id: 'AKIAEXAMPLE1234567890',
  secret_access_key: 'very-secret-key-value-0123456789',
} as const;

describe('storage configs API: create, read, update, delete', () => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('a fresh install has one default local config named "Local storage" at DATA_DIR/files', async () => {
    const res = await admin.get<StorageConfigItem[]>('/api/s3-configs');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      name: 'Local storage',
      provider_type: 'local',
      storage_type: 'local',
      is_default: true,
      root_path: 'files',
      has_secret: false,
      used_bytes: 0,
    });
  });

  it('creates an S3 config with defaults filled in and never answers its secrets in clear', async () => {
    const res = await admin.post<StorageConfigItem>('/api/s3-configs', { ...S3_BODY, name: 'R2' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'R2',
      provider_type: 'r2',
      storage_type: 's3',
      region: 'auto',
      path_style: false,
      access_key_id: 'AKIA****7890',
      has_access_key: true,
      secret_access_key: '********',
      has_secret: true,
      signature_expires_in: 3600,
      total_storage_bytes: null,
      is_default: false,
    });
    const id = res.body.data.id;
    for (const answer of [
      JSON.stringify((await admin.get(`/api/s3-configs/${id}`)).body),
      JSON.stringify((await admin.get('/api/s3-configs')).body),
    ]) {
      expect(answer).not.toContain(S3_BODY.secret_access_key);
      expect(answer).not.toContain(S3_BODY.access_key_id);
    }
    const stored = await server.deps.db
      .selectFrom('storage_configs')
      .select(['access_key_cipher', 'secret_key_cipher'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_key_cipher).not.toContain(S3_BODY.secret_access_key);
    expect(server.deps.secrets.decrypt(stored.secret_key_cipher ?? '')).toBe(
      S3_BODY.secret_access_key,
    );
  });

  it('updates given fields, keeps the secret when the field is empty, replaces it when given', async () => {
    const created = await admin.post<StorageConfigItem>('/api/s3-configs', {
      ...S3_BODY,
      name: 'To edit',
      provider_type: 'minio',
    });
    const id = created.body.data.id;
    expect(created.body.data.path_style).toBe(true);
    const edited = await admin.put<StorageConfigItem>(`/api/s3-configs/${id}`, {
      name: 'Edited',
      default_folder: '/uploads/2026/',
      total_storage_bytes: 1024 ** 3,
      signature_expires_in: 600,
      secret_access_key: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Edited',
      default_folder: 'uploads/2026',
      total_storage_bytes: 1024 ** 3,
      signature_expires_in: 600,
      has_secret: true,
    });
    const secretOf = async () =>
      server.deps.secrets.decrypt(
        (
          await server.deps.db
            .selectFrom('storage_configs')
            .select('secret_key_cipher')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).secret_key_cipher ?? '',
      );
    expect(await secretOf()).toBe(S3_BODY.secret_access_key);
    await admin.put(`/api/s3-configs/${id}`, { secret_access_key: 'a-new-secret' });
    expect(await secretOf()).toBe('a-new-secret');
    const cleared = await admin.put<StorageConfigItem>(`/api/s3-configs/${id}`, {
      total_storage_bytes: null,
    });
    expect(cleared.body.data.total_storage_bytes).toBeNull();
  });

  it('validates with clear errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...S3_BODY, name: 'No endpoint', endpoint_url: undefined }, 'endpoint_url'],
      [{ ...S3_BODY, name: 'No bucket', bucket_name: undefined }, 'bucket_name'],
      [{ ...S3_BODY, name: 'No secret', secret_access_key: undefined }, 'secret_access_key'],
      [{ ...S3_BODY, name: 'Bad URL', endpoint_url: 'ftp://example.com' }, 'endpoint_url'],
      [{ ...S3_BODY, name: 'Bad folder', default_folder: 'a/../b' }, 'default_folder'],
      [{ ...S3_BODY, name: 'Short link', signature_expires_in: 5 }, 'signature_expires_in'],
      [{ ...S3_BODY, name: 'Zero quota', total_storage_bytes: 0 }, 'total_storage_bytes'],
      [{ ...S3_BODY, name: 'Bad type', provider_type: 'ftp' }, 'provider_type'],
      [{ name: 'Data', provider_type: 'local', root_path: '.' }, 'root_path'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/s3-configs', body);
      expect(res.status, field).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(res.body.details?.map((d) => d.path)).toContain(field);
    }
    const parent = path.dirname(server.dataDir);
    const above = await admin.post('/api/s3-configs', {
      name: 'Above',
      provider_type: 'local',
      root_path: parent,
    });
    expect(above.body.details?.[0]?.path).toBe('root_path');
    // Outside DATA_DIR: local-roots.test.ts covers LOCAL_ROOT_FORBIDDEN.
    expect(above.body.error).toBe('LOCAL_ROOT_FORBIDDEN');
  });

  it('refuses a second config with the same name', async () => {
    await admin.post('/api/s3-configs', { name: 'Twice', provider_type: 'local' });
    const res = await admin.post('/api/s3-configs', { name: 'Twice', provider_type: 'local' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('STORAGE_CONFIG_NAME_TAKEN');
  });

  it('a local config without root_path gets its own folder under DATA_DIR/storage', async () => {
    const res = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name: 'Second disk',
      provider_type: 'local',
    });
    expect(res.body.data.root_path).toBe(`storage/${res.body.data.id}`);
  });

  it('refuses switching a config between local and S3', async () => {
    const local = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name: 'Stay local',
      provider_type: 'local',
    });
    const res = await admin.put(`/api/s3-configs/${local.body.data.id}`, S3_BODY);
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.path).toBe('provider_type');
  });

  it('deletes a config; the default cannot be deleted; unknown ids answer 404', async () => {
    const created = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name: 'Short-lived',
      provider_type: 'local',
    });
    const id = created.body.data.id;
    expect((await admin.delete(`/api/s3-configs/${id}`)).status).toBe(200);
    const gone = await admin.get(`/api/s3-configs/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('STORAGE_CONFIG_NOT_FOUND');
    expect((await admin.delete(`/api/s3-configs/${id}`)).body.error).toBe(
      'STORAGE_CONFIG_NOT_FOUND',
    );
    const list = await admin.get<StorageConfigItem[]>('/api/s3-configs');
    const defaultId = list.body.data.find((config) => config.is_default)?.id;
    const refused = await admin.delete(`/api/s3-configs/${defaultId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('STORAGE_CONFIG_IS_DEFAULT');
  });

  it('is for the admin only', async () => {
    for (const res of [
      await server.anon.get('/api/s3-configs'),
      await server.anon.post('/api/s3-configs', { name: 'x', provider_type: 'local' }),
    ]) {
      expect(res.status).toBe(401);
    }
    const key = await admin.post<{ key: string }>('/api/admin/api-keys', {
      name: 'files-key',
      file_permission: true,
    });
    const asKey = server.anon.withApiKey(key.body.data.key);
    const res = await asKey.get('/api/s3-configs');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ADMIN_REQUIRED');
  });
});
