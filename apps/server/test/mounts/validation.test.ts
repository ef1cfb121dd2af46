import { RESERVED_MOUNT_ROOTS } from '@pastebox/contract/rules/mount-path';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { createMount, mountPaths, postMount, refusal } from './support';

/** SPEC §5: every refusal of POST and PUT /admin/mounts is a 4xx naming its field. */
describe('admin/mounts: validation', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  /** The mount every PUT tries to change; others clash with /existing. */
  let subject: MountItem;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const [local] = storageTargets();
    configId = (await local!.createConfig(admin)).id;
    await createMount(admin, configId, { mount_path: '/existing' });
    subject = await createMount(admin, configId, { mount_path: '/subject' });
  });
  afterAll(() => server.close());

  /** Each bad value is refused on create and on change, naming `field`, and stores nothing. */
  async function expectRefused(
    field: string,
    value: unknown,
    expected: { status?: number; error?: string; named?: string } = {},
  ) {
    const label = `${field}=${JSON.stringify(value)}`;
    const before = await mountPaths(admin);
    const created = refusal(await postMount(admin, configId, { [field]: value }));
    const changed = refusal(await admin.put(`/api/admin/mounts/${subject.id}`, { [field]: value }));
    for (const answer of [created, changed]) {
      expect(answer.status, label).toBe(expected.status ?? 400);
      expect(answer.error, label).toBe(expected.error ?? 'VALIDATION_FAILED');
      expect(answer.fields, label).toContain(expected.named ?? field);
    }
    expect(await mountPaths(admin), label).toEqual(before);
    const after = await admin.get<MountItem>(`/api/admin/mounts/${subject.id}`);
    expect(after.body.data, label).toEqual(subject);
  }

  it('name: 1–50 characters after trimming, no control characters, a string', async () => {
    for (const name of ['', '   ', 'x'.repeat(51), 'a\u0007b', 42, null]) {
      await expectRefused('name', name);
    }
    const fifty = await createMount(admin, configId, { name: '名'.repeat(50) });
    expect(fifty.name).toHaveLength(50);
  });

  it('mount_path: malformed paths are MOUNT_PATH_INVALID', async () => {
    for (const path of [
      'team',
      '/',
      '//team',
      '/team/',
      '/team//docs',
      '/team/../etc',
      '/..',
      '/./team',
      '/team docs',
      '/team.docs',
      '/team\\docs',
      '/team%2Fdocs',
      '/téam',
    ]) {
      await expectRefused('mount_path', path, { error: 'MOUNT_PATH_INVALID' });
    }
  });

  it('mount_path: missing, empty or not a string is VALIDATION_FAILED', async () => {
    for (const path of ['', 17, null, `/${'a'.repeat(200)}`]) {
      await expectRefused('mount_path', path);
    }
    const missing = refusal(await postMount(admin, configId, { mount_path: undefined }));
    expect(missing).toMatchObject({ status: 400, fields: ['mount_path'] });
  });

  it('mount_path: every reserved prefix is refused, in any case and with segments below', async () => {
    for (const root of RESERVED_MOUNT_ROOTS) {
      if (/^[\w-]+$/.test(root)) {
        await expectRefused('mount_path', `/${root}`, { error: 'MOUNT_PATH_RESERVED' });
      }
    }
    for (const path of ['/API', '/Dav/things', '/dav/x', '/mount-explorer/a']) {
      await expectRefused('mount_path', path, { error: 'MOUNT_PATH_RESERVED' });
    }
    // Only whole segments are reserved: /apis and /my-api are ordinary paths.
    await createMount(admin, configId, { mount_path: '/apis' });
    await createMount(admin, configId, { mount_path: '/my-api' });
  });

  it('mount_path: equal to another mount is 409 MOUNT_PATH_TAKEN', async () => {
    await expectRefused('mount_path', '/existing', { status: 409, error: 'MOUNT_PATH_TAKEN' });
    const res = await postMount(admin, configId, { mount_path: '/existing' });
    expect(res.body.message).toContain('/existing');
  });

  it('mount_path: inside or around another mount is 409 MOUNT_PATH_NESTED', async () => {
    await createMount(admin, configId, { mount_path: '/outer/inner' });
    for (const path of ['/existing/sub', '/existing/a/b', '/outer', '/outer/inner/deeper']) {
      await expectRefused('mount_path', path, { status: 409, error: 'MOUNT_PATH_NESTED' });
    }
    // A sibling that only shares a prefix of characters is no clash.
    await createMount(admin, configId, { mount_path: '/existing-b' });
    await createMount(admin, configId, { mount_path: '/outer/other' });
  });

  it('cache_ttl: an integer from 0 to 86400', async () => {
    for (const ttl of [-1, 86_401, 1.5, 'soon', true, '1e3']) {
      await expectRefused('cache_ttl', ttl);
    }
    const bounds = await Promise.all(
      [0, 86_400].map((cache_ttl) => createMount(admin, configId, { cache_ttl })),
    );
    expect(bounds.map((mount) => mount.cache_ttl)).toEqual([0, 86_400]);
  });

  it('sort_order: an integer that fits the column', async () => {
    for (const order of [1.5, 'first', 2 ** 31, -(2 ** 31) - 1, false]) {
      await expectRefused('sort_order', order);
    }
    const negative = await createMount(admin, configId, { sort_order: '-7' });
    expect(negative.sort_order).toBe(-7);
  });

  it('storage_type: S3 or local, and the config’s own', async () => {
    for (const type of ['s3', 'FTP', '', 3]) {
      await expectRefused('storage_type', type);
    }
    // The config is local: S3 contradicts it.
    await expectRefused('storage_type', 'S3');
  });

  it('storage_config_id: required (or s3_config_id) and an existing config', async () => {
    const missing = refusal(await postMount(admin, configId, { storage_config_id: undefined }));
    expect(missing).toMatchObject({ status: 400, fields: ['storage_config_id'] });
    await expectRefused('storage_config_id', 'no-such-config', {
      status: 404,
      error: 'STORAGE_CONFIG_NOT_FOUND',
    });
    // The seed's name alone: the refusal names the field that was sent.
    const seedName = { storage_config_id: undefined, s3_config_id: 'no-such-config' };
    const created = refusal(await postMount(admin, configId, seedName));
    const changed = refusal(await admin.put(`/api/admin/mounts/${subject.id}`, seedName));
    for (const answer of [created, changed]) {
      expect(answer).toEqual({
        status: 404,
        error: 'STORAGE_CONFIG_NOT_FOUND',
        fields: ['s3_config_id'],
      });
    }
    await expectRefused('storage_config_id', '');
    await expectRefused('storage_config_id', 'x'.repeat(101));
  });

  it('storage_config_id and s3_config_id given together must agree', async () => {
    const other = (await storageTargets()[0]!.createConfig(admin)).id;
    const both = { storage_config_id: configId, s3_config_id: other };
    const created = refusal(await postMount(admin, configId, both));
    const changed = refusal(await admin.put(`/api/admin/mounts/${subject.id}`, both));
    for (const answer of [created, changed]) {
      expect(answer).toMatchObject({ status: 400, fields: ['s3_config_id'] });
    }
    const agreeing = await createMount(admin, configId, { s3_config_id: configId });
    expect(agreeing.storage_config_id).toBe(configId);
  });

  it('remark: at most 500 characters, no control characters; is_active: a boolean', async () => {
    await expectRefused('remark', 'r'.repeat(501));
    await expectRefused('remark', 'line\u0000break');
    await expectRefused('is_active', 'yes');
    await expectRefused('is_active', 1);
  });

  it('a body that is not a JSON object is refused, and stores nothing', async () => {
    const before = await mountPaths(admin);
    for (const body of [[], 'mount', null]) {
      const res = await admin.post('/api/admin/mounts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await admin.raw('/api/admin/mounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(raw.status).toBe(400);
    expect(await mountPaths(admin)).toEqual(before);
  });
});
