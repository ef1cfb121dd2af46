import type {
  StorageConfigItem,
  StorageTestResult,
} from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { driverOf, storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';

const STEPS = ['write', 'read', 'list', 'delete'];

describe('POST /api/s3-configs/{id}/test', () => {
  let server: TestServer;
  let admin: ApiClient;
  const [local, swift] = storageTargets();

  async function runTest(id: string, origin?: string) {
    const res = await admin.raw(`/api/s3-configs/${id}/test`, {
      method: 'POST',
      headers: origin ? { Origin: origin } : {},
    });
    const body = (await res.json()) as { data: StorageTestResult; error?: string };
    return { status: res.status, body };
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it(
    'passes every step against Swift, leaves no probe object, and gives CORS advice',
    async () => {
      const config = await swift!.createConfig(admin);
      const { status, body } = await runTest(config.id, 'https://paste.example.com');
      expect(status).toBe(200);
      expect(body.data.success).toBe(true);
      expect(body.data.steps.map((step) => step.step)).toEqual(STEPS);
      for (const step of body.data.steps) {
        expect(step).toMatchObject({ ok: true, skipped: false, error: null });
        expect(step.ms).toBeGreaterThanOrEqual(0);
      }
      const driver = await driverOf(server, config.id);
      expect((await driver.list('')).objects).toEqual([]);
      // The test bucket has no CORS rule for this origin: the browser could not PUT to it.
      expect(body.data.cors).toMatchObject({
        status: 'blocked',
        origin: 'https://paste.example.com',
      });
      expect(body.data.cors.advice).toContain('https://paste.example.com');
      expect(body.data.cors.advice).toContain('ETag');
    },
    SWIFT_HOOK_TIMEOUT_MS,
  );

  it(
    'fails at the write step with a wrong secret, and skips the rest',
    async () => {
      const config = await swift!.createConfig(admin, { secret_access_key: 'not-the-secret' });
      const { status, body } = await runTest(config.id);
      expect(status).toBe(200);
      expect(body.data.success).toBe(false);
      const [write, ...rest] = body.data.steps;
      expect(write).toMatchObject({ step: 'write', ok: false, skipped: false });
      expect(write?.error).toMatch(/signature|denied|forbidden/i);
      expect(rest.map((step) => [step.step, step.skipped])).toEqual([
        ['read', true],
        ['list', true],
        ['delete', true],
      ]);
    },
    SWIFT_HOOK_TIMEOUT_MS,
  );

  it('reports an unreachable endpoint as a failed write, CORS unknown', async () => {
    const res = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name: 'Nowhere',
      provider_type: 'minio',
      endpoint_url: 'http://127.0.0.1:9',
      bucket_name: 'nothing',
      access_key_id: 'key-0123456789',
      secret_access_key: 'secret',
    });
    const { body } = await runTest(res.body.data.id, 'https://paste.example.com');
    expect(body.data.success).toBe(false);
    expect(body.data.steps[0]).toMatchObject({ step: 'write', ok: false });
    expect(body.data.steps[0]?.error).toBeTruthy();
    expect(body.data.cors.status).toBe('unknown');
  });

  it('passes on local storage, where CORS does not apply', async () => {
    const config = await local!.createConfig(admin);
    const { body } = await runTest(config.id);
    expect(body.data.success).toBe(true);
    expect(body.data.steps.every((step) => step.ok)).toBe(true);
    expect(body.data.cors.status).toBe('not_applicable');
    expect((await (await driverOf(server, config.id)).list('')).objects).toEqual([]);
  });

  it('answers 404 for an unknown config and 401 without the admin', async () => {
    expect((await runTest('missing')).body.error).toBe('STORAGE_CONFIG_NOT_FOUND');
    const anonymous = await server.anon.post('/api/s3-configs/missing/test');
    expect(anonymous.status).toBe(401);
  });
});
