import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { postForm, uploadShare } from '../uploads/builders';
import { apiOperations, type ApiOperation } from './openapi-operations';
import { badValuesFor, sampleOf } from './samples';

/**
 * Every JSON route and every query parameter of the OpenAPI document gets bad values in
 * each field — NUL bytes, huge and negative integers, wrong types, absurd dates, over-long
 * strings — on SQLite and on PostgreSQL. None may answer 5xx; text that is not clean (a
 * NUL, a lone surrogate) is a 400 naming the field (DESIGN §5: bad values never reach the
 * database).
 */

interface Fixtures {
  pasteId: string;
  pasteSlug: string;
  fileId: string;
  fileSlug: string;
  keyId: string;
  configId: string;
  mountId: string;
}

/** Real ids for the path parameters, so the handlers get past their look-ups. */
function paramsFor(path: string, f: Fixtures): Record<string, string> {
  const isPaste = path.startsWith('/paste') || path.startsWith('/raw') || path.includes('pastes');
  return {
    slug: isPaste ? f.pasteSlug : f.fileSlug,
    file_id: f.fileId,
    // A well-formed invitation or lock token that names nothing: the body is what is tried.
    token: 'fuzz-token-0123456789abcdef',
    id: path.includes('api-keys')
      ? f.keyId
      : path.includes('s3-configs')
        ? f.configId
        : path.includes('/mounts')
          ? f.mountId
          : isPaste
            ? f.pasteId
            : f.fileId,
  };
}

/**
 * Bodies that pass validation for routes whose schema alone cannot say what is valid
 * together (a local config, a presign, a mount on a real config…), so each bad field meets
 * a handler that would otherwise have gone on to the database. Other routes start from a
 * sample of the schema.
 */
const validBodies = (f: Fixtures): Record<string, Record<string, unknown>> => ({
  'POST /s3-configs': { name: 'fuzz-local', provider_type: 'local', root_path: 'fuzz-root' },
  'PUT /s3-configs/{id}': { name: 'fuzz-renamed' },
  'PUT /admin/system-settings': { max_upload_size: 100, max_upload_size_unit: 'MB' },
  'POST /s3/presign': { filename: 'a.txt', size: 3 },
  'POST /upload/multipart/init': { filename: 'a.bin', size: 6 * 1024 * 1024 },
  'POST /admin/api-keys': { name: 'fuzz-key', text_permission: true },
  'PUT /admin/api-keys/{id}': { name: 'fuzz-key-renamed' },
  'POST /paste': { content: 'fuzz content' },
  'PUT /admin/pastes/{id}': { content: 'fuzz content' },
  'PUT /admin/files/{id}': { remark: 'fuzz' },
  'POST /admin/mounts': {
    name: 'fuzz-mount',
    mount_path: '/fuzz-new',
    storage_config_id: f.configId,
  },
  'PUT /admin/mounts/{id}': { name: 'fuzz-mount-renamed' },
});

interface Finding {
  call: string;
  status: number;
  error?: string;
}

describe(`bad values on every route (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let keyUser: ApiClient;
  let operations: ApiOperation[];
  let bodies: ReturnType<typeof validBodies>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const paste = await admin.post<{ id: string; slug: string }>('/api/paste', {
      content: 'fuzz',
    });
    const file = await uploadShare(admin, { filename: 'fuzz.txt' });
    const key = await createKey(admin, { text_permission: true, file_permission: true });
    // The caller of the user/… families is a key of its own: the fuzz rewrites `key`.
    const caller = await createKey(admin, {
      text_permission: true,
      file_permission: true,
      mount_permission: true,
    });
    keyUser = admin.withApiKey(caller.key);
    const configs = await admin.get<{ id: string; is_default: boolean }[]>('/api/s3-configs');
    const configId = configs.body.data[0]?.id ?? 'none';
    const mount = await admin.post<{ id: string }>('/api/admin/mounts', {
      name: 'fuzz',
      mount_path: '/fuzz',
      storage_config_id: configId,
    });
    expect(mount.status, JSON.stringify(mount.body)).toBe(201);
    const fixtures: Fixtures = {
      pasteId: paste.body.data.id,
      pasteSlug: paste.body.data.slug,
      fileId: file.id,
      fileSlug: file.slug,
      keyId: key.id,
      configId,
      mountId: mount.body.data.id,
    };
    bodies = validBodies(fixtures);
    operations = await apiOperations(server.baseUrl, (path) => paramsFor(path, fixtures));
  });
  afterAll(async () => {
    await server.close();
  });
  /** The user/… families are for API keys; everything else is called as the admin. */
  const callerOf = (op: ApiOperation) => (op.path.startsWith('/user/') ? keyUser : admin);

  it('no JSON body field answers 5xx; NUL or a lone surrogate is a 400 naming the field', async () => {
    const serverErrors: Finding[] = [];
    const uncleanNotRefused: Finding[] = [];
    let calls = 0;
    for (const op of operations) {
      if (!op.jsonBody?.properties) {
        continue;
      }
      const base =
        bodies[`${op.method} ${op.path}`] ?? (sampleOf(op.jsonBody) as Record<string, unknown>);
      for (const [field, schema] of Object.entries(op.jsonBody.properties)) {
        for (const bad of badValuesFor(schema)) {
          const res = await callerOf(op).request(op.method, op.samplePath, {
            ...base,
            [field]: bad.value,
          });
          calls += 1;
          const call = `${op.method} ${op.path} ${field}=${bad.label}`;
          if (res.status >= 500) {
            serverErrors.push({ call, status: res.status, error: res.body.error });
          }
          const namesField = res.body.details?.some((d) => d.path.split('.')[0] === field);
          if (bad.unclean && (res.status !== 400 || !namesField)) {
            uncleanNotRefused.push({ call, status: res.status, error: res.body.error });
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(serverErrors).toEqual([]);
    expect(uncleanNotRefused).toEqual([]);
  }, 240_000);

  it('no query parameter answers 5xx, and a NUL byte is a 400', async () => {
    const findings: Finding[] = [];
    let calls = 0;
    for (const op of operations) {
      for (const param of op.queryParams) {
        const values = badValuesFor(param.schema ?? {}).filter(
          (bad) => typeof bad.value === 'string' || typeof bad.value === 'number',
        );
        for (const bad of values) {
          const query = new URLSearchParams({ [param.name]: String(bad.value) });
          const res = await callerOf(op).raw(`${op.samplePath}?${query.toString()}`, {
            method: op.method,
          });
          await res.arrayBuffer();
          calls += 1;
          // A URL cannot carry a lone surrogate (it arrives as U+FFFD); a NUL it can.
          const mustRefuse = bad.unclean && String(bad.value).includes('\u0000');
          if (res.status >= 500 || (mustRefuse && res.status !== 400)) {
            findings.push({
              call: `${op.method} ${op.path}?${param.name}=${bad.label}`,
              status: res.status,
            });
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(50);
    expect(findings).toEqual([]);
  });

  it('refuses a NUL byte in any text field of a form upload, naming it', async () => {
    for (const field of ['path', 'remark', 'password', 'slug', 'mimetype', 'max_views']) {
      const res = await postForm(admin, { fields: { [field]: 'a\u0000b' } });
      expect(res.status, field).toBe(400);
      expect(res.body.details?.[0]?.path, field).toBe(field);
    }
  });
});
