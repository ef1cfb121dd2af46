import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { postForm } from '../uploads/builders';

/**
 * DESIGN §5: a `local` storage stays inside DATA_DIR unless the operator lists other
 * folders in LOCAL_ROOTS — on create, on update, through symlinks, and for a config stored
 * before the rule (the registry refuses to build its driver).
 */

function expectForbidden(res: Pick<ApiResponse<unknown>, 'status' | 'body'>, label: string) {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error, label).toBe('LOCAL_ROOT_FORBIDDEN');
  expect(
    res.body.details?.map((detail) => detail.path),
    label,
  ).toEqual(['root_path']);
}

/** A folder outside every DATA_DIR of the tests, removed by the caller. */
function outsideDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-outside-'));
}

let counter = 0;
const createLocal = (admin: ApiClient, rootPath: string) =>
  admin.post<StorageConfigItem>('/api/s3-configs', {
    name: `local-${(counter += 1)}`,
    provider_type: 'local',
    root_path: rootPath,
  });

describe('local storage roots without LOCAL_ROOTS: DATA_DIR only', () => {
  let server: TestServer;
  let admin: ApiClient;
  let outside: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    outside = outsideDir();
    // A link inside DATA_DIR that leads out of it.
    fs.symlinkSync(outside, path.join(server.dataDir, 'escape'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('refuses a root outside DATA_DIR on create: absolute, climbing, through a symlink', async () => {
    for (const root of [
      '/etc',
      '../../etc',
      '/',
      outside,
      path.dirname(server.dataDir),
      'escape',
      'escape/not-yet-there',
      path.join(server.dataDir, 'escape'),
    ]) {
      expectForbidden(await createLocal(admin, root), root);
    }
    const names = (await admin.get<StorageConfigItem[]>('/api/s3-configs')).body.data;
    expect(names.map((config) => config.name)).toEqual(['Local storage']);
  });

  it('refuses it on update and keeps the stored root', async () => {
    const created = await createLocal(admin, 'inside/kept');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    for (const root of ['/etc', '../../etc', 'escape']) {
      expectForbidden(await admin.put(`/api/s3-configs/${id}`, { root_path: root }), root);
    }
    const after = await admin.get<StorageConfigItem>(`/api/s3-configs/${id}`);
    expect(after.body.data.root_path).toBe(path.join('inside', 'kept'));
  });

  it('accepts roots inside DATA_DIR, relative or absolute, and stores them canonical', async () => {
    const relative = await createLocal(admin, 'a/../b/./c');
    expect(relative.status, JSON.stringify(relative.body)).toBe(201);
    expect(relative.body.data.root_path).toBe(path.join('b', 'c'));
    const absolute = await createLocal(admin, path.join(server.dataDir, 'disk'));
    expect(absolute.status, JSON.stringify(absolute.body)).toBe(201);
    expect(absolute.body.data.root_path).toBe(path.join(server.dataDir, 'disk'));
  });

  it('a config stored before the rule cannot be used: uploads are refused, nothing is written', async () => {
    const created = await createLocal(admin, 'soon-outside');
    const id = created.body.data.id;
    await server.deps.db
      .updateTable('storage_configs')
      .set({ root_path: outside, updated_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const upload = await postForm(admin, { filename: 'planted.txt', fields: { s3_config_id: id } });
    expectForbidden(upload, 'upload');
    // The connection test writes and deletes a probe object: refused as well.
    expectForbidden(await admin.post(`/api/s3-configs/${id}/test`), 'test');
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});

describe('local storage roots with LOCAL_ROOTS', () => {
  let server: TestServer;
  let admin: ApiClient;
  let extra: string;
  let outside: string;
  beforeAll(async () => {
    extra = outsideDir();
    outside = outsideDir();
    fs.symlinkSync(outside, path.join(extra, 'escape'));
    server = await startTestServer({ LOCAL_ROOTS: `${extra}, /nonexistent-root` });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(extra, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('accepts a root inside a listed folder, and files land there', async () => {
    const created = await createLocal(admin, path.join(extra, 'share'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.root_path).toBe(path.join(extra, 'share'));
    const upload = await postForm(admin, {
      filename: 'landed.txt',
      content: 'in the extra root',
      fields: { s3_config_id: created.body.data.id },
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const stored = path.join(extra, 'share', upload.body.data.storage_path);
    expect(fs.readFileSync(stored, 'utf8')).toBe('in the extra root');
  });

  it('still refuses anything else, and links out of a listed folder', async () => {
    for (const root of ['/etc', outside, path.join(extra, 'escape'), path.dirname(extra)]) {
      expectForbidden(await createLocal(admin, root), root);
    }
  });
});
