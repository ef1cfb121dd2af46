import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, importFromCloudpaste, type ImportReport } from '@/modules/imports/service';
import { createBucket, s3ClientFor, swiftServer, SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import type { ApiClient } from '../support/api-client';
import { cloudpasteDatabase, cloudpasteHash, cloudpasteSeal } from './cloudpaste-db';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const CLOUDPASTE_SECRET = 'cloudpaste-encryption-secret';
const OBJECT_KEY = 'uploads/k3x-report.txt';
const OBJECT_BODY = 'quarterly numbers, from the bucket\n';
const API_KEY = 'cp_Key-1234567890';
/** The command starts through tsx (seconds on a busy 2-core machine), then imports. */
const COMMAND_TIMEOUT_MS = 60_000;
/** CloudPaste's TEXT_SHARE | FILE_SHARE | every MOUNT_* bit (constants/permissions.js). */
const FULL_RIGHTS = 0b1 | 0b10 | (0b11111 << 8);

/** Runs `npm run import-cloudpaste`'s program (through tsx) on the test server's database. */
function runImporter(server: TestServer, args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('src', 'import-cloudpaste.ts'), ...args],
    {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: server.dataDir,
        SECRET: 'test-secret-0123456789abcdef',
        ...env,
      },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise<{ code: number | null; stdout: string; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, output: `${stdout}\n${stderr}` })),
  );
}

const counts = (report: ImportReport) =>
  Object.fromEntries(
    Object.entries(report.kinds).map(([kind, t]) => [
      kind,
      [t.imported, t.already, t.skipped.length, t.resetNeeded.length],
    ]),
  );

describe('npm run import-cloudpaste (a CloudPaste v1.9 database)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let cloudpasteFile: string;
  const importOnce = (apply: boolean) =>
    importFromCloudpaste(server.deps, {
      file: cloudpasteFile,
      secret: CLOUDPASTE_SECRET,
      apply,
      ownerUsername: ADMIN.username,
    });

  beforeAll(async () => {
    const swift = await swiftServer();
    const bucket = await createBucket(swift, 'cloudpaste');
    const s3 = s3ClientFor(swift);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: OBJECT_KEY, Body: OBJECT_BODY }));
    s3.destroy();
    server = await startTestServer();
    admin = await server.admin();
    // A Pastebox paste already holds one of CloudPaste's slugs.
    expect((await admin.post('/api/paste', { content: 'ours', slug: 'taken' })).status).toBe(201);
    const s3Config = {
      provider_type: 'Other',
      endpoint_url: swift.endpoint,
      bucket_name: bucket,
      region: swift.region,
      path_style: 1,
      default_folder: 'uploads/',
      access_key_id: cloudpasteSeal(swift.accessKeyId, CLOUDPASTE_SECRET),
      secret_access_key: cloudpasteSeal(swift.secretAccessKey, CLOUDPASTE_SECRET),
    };
    const paste = (id: string, extra: Record<string, unknown>) => ({
      id,
      slug: id,
      content: `text of ${id}`,
      ...extra,
    });
    cloudpasteFile = cloudpasteDatabase('v1.9.1', {
      storage_configs: [
        { id: 'cfg-s3', name: 'Swift', storage_type: 'S3', config_json: JSON.stringify(s3Config) },
        {
          id: 'cfg-dav',
          name: 'NAS',
          storage_type: 'WEBDAV',
          config_json: JSON.stringify({ endpoint_url: 'https://nas.example/dav' }),
        },
      ],
      files: [
        {
          id: 'f-report',
          slug: 'report',
          filename: 'report.txt',
          storage_config_id: 'cfg-s3',
          storage_type: 'S3',
          storage_path: OBJECT_KEY,
          mimetype: 'text/plain',
          size: OBJECT_BODY.length,
          password: cloudpasteHash('file-pass'),
        },
        {
          id: 'f-dav',
          slug: 'on-nas',
          filename: 'a.bin',
          storage_config_id: 'cfg-dav',
          storage_type: 'WEBDAV',
          storage_path: '/a.bin',
          mimetype: 'application/octet-stream',
          size: 1,
        },
      ],
      file_passwords: [{ file_id: 'f-report', plain_password: 'file-pass' }],
      storage_mounts: [
        {
          id: 'm-swift',
          name: 'Swift',
          storage_type: 'S3',
          storage_config_id: 'cfg-s3',
          mount_path: '/swift',
          created_by: 'admin',
        },
      ],
      pastes: [
        paste('plain-pass', { password: cloudpasteHash('open-sesame') }),
        paste('hash-only', { password: cloudpasteHash('hashed-pass') }),
        paste('odd-hash', { password: 'Z'.repeat(64) }),
        paste('counted', { max_views: 5, views: 2, title: 'Notes' }),
        paste('expired', { expires_at: '2020-01-01 00:00:00' }),
        paste('taken', {}),
      ],
      paste_passwords: [{ paste_id: 'plain-pass', plain_password: 'open-sesame' }],
      api_keys: [
        {
          id: 'k-up',
          name: 'uploader',
          key: API_KEY,
          permissions: FULL_RIGHTS,
          basic_path: '/',
          is_enable: 1,
          expires_at: '9999-12-31 23:59:59',
        },
        { id: 'k-off', name: 'off', key: 'cp_off', permissions: 1, expires_at: '9999-12-31' },
      ],
    });
  }, SWIFT_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
  });

  it('reports first and writes nothing in a dry run', async () => {
    const report = await importOnce(false);
    expect(report.applied).toBe(false);
    // [to import, already, skipped, password reset needed]
    expect(counts(report)).toEqual({
      'storage-config': [1, 0, 1, 0],
      file: [1, 0, 1, 0],
      mount: [1, 0, 0, 0],
      paste: [4, 0, 2, 1],
      'api-key': [1, 0, 1, 0],
    });
    expect(report.kinds.paste.resetNeeded).toEqual(['odd-hash']);
    expect(report.kinds.file.skipped[0]?.reason).toMatch(/WEBDAV storage/);
    expect(report.kinds.paste.skipped.map((s) => s.item)).toEqual(['expired', 'taken']);
    expect((await server.anon.get('/api/paste/hash-only')).status).toBe(404);
    expect((await admin.get<unknown[]>('/api/s3-configs')).body.data).toHaveLength(1);
  });

  it('refuses an --apply with a wrong secret and writes nothing at all', async () => {
    const report = await importFromCloudpaste(server.deps, {
      file: cloudpasteFile,
      secret: 'wrong',
      apply: true,
      ownerUsername: ADMIN.username,
    });
    expect(report.applied).toBe(false);
    const printed = formatReport(report);
    expect(printed).toMatch(/not decryptable with the given --secret/);
    expect(printed).toMatch(/Nothing was imported/);
    expect((await server.anon.get('/api/paste/counted')).status).toBe(404);
    expect((await admin.get<unknown[]>('/api/s3-configs')).body.data).toHaveLength(1);
  });

  it(
    'imports with --apply: pastes, the file from the bucket, the key, the mount',
    async () => {
      const run = await runImporter(server, ['--db', cloudpasteFile, '--apply', '--json'], {
        CLOUDPASTE_ENCRYPTION_SECRET: CLOUDPASTE_SECRET,
      });
      expect(run.code, run.output).toBe(0);
      const report = JSON.parse(run.stdout) as ImportReport;
      expect(report.applied).toBe(true);
      expect(counts(report), run.output).toEqual({
        'storage-config': [1, 0, 1, 0],
        file: [1, 0, 1, 0],
        mount: [1, 0, 0, 0],
        paste: [4, 0, 2, 1],
        'api-key': [1, 0, 1, 0],
      });

      const unlock = (slug: string, password: string) =>
        server.anon.post<PasteView>(`/api/paste/${slug}`, { password });
      expect((await server.anon.get<PasteView>('/api/paste/plain-pass')).body.data.content).toBe(
        undefined,
      );
      expect((await unlock('plain-pass', 'open-sesame')).body.data.content).toBe(
        'text of plain-pass',
      );
      // Only CloudPaste's SHA-256 was known: the same password still opens it.
      expect((await unlock('hash-only', 'hashed-pass')).body.data.content).toBe(
        'text of hash-only',
      );
      expect((await unlock('hash-only', 'guess')).status).toBe(401);
      // Unverifiable: imported closed, flagged, never open.
      const odd = await server.anon.get<PasteView>('/api/paste/odd-hash');
      expect(odd.body.data).toMatchObject({ hasPassword: true });
      expect(odd.body.data.content).toBe(undefined);
      expect((await unlock('odd-hash', 'Z'.repeat(64))).status).toBe(401);
      const counted = await server.anon.get<PasteView>('/api/paste/counted');
      expect(counted.body.data.content).toBe('text of counted');

      const download = (query: string) =>
        fetch(`${server.baseUrl}/api/file-download/report${query}`);
      expect((await download('')).status).toBe(401);
      const file = await download('?password=file-pass');
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(OBJECT_BODY);

      const key = server.anon.withApiKey(API_KEY);
      const whoami = await key.get('/api/test/api-key');
      expect(whoami.body.data).toMatchObject({
        permissions: { text: true, file: true, mount: true },
      });
      const listing = await key.get<{ items: { name: string }[] }>(
        '/api/user/fs/list?path=%2Fswift',
      );
      expect(listing.status, JSON.stringify(listing.body)).toBe(200);
      expect(listing.body.data.items.map((item) => item.name)).toEqual(['uploads']);
    },
    COMMAND_TIMEOUT_MS,
  );

  it('imports nothing new the second time', async () => {
    const report = await importOnce(true);
    expect(counts(report)).toEqual({
      'storage-config': [0, 1, 1, 0],
      file: [0, 1, 1, 0],
      mount: [0, 1, 0, 0],
      paste: [0, 4, 2, 0],
      'api-key': [0, 1, 1, 0],
    });
    expect((await admin.get<unknown[]>('/api/s3-configs')).body.data).toHaveLength(2);
  });

  it('reads a v0.7 database (s3_configs, boolean key rights)', async () => {
    const legacy = cloudpasteDatabase('v0.7.0', {
      pastes: [{ id: 'p-old', slug: 'old-note', content: 'from v0.7' }],
      api_keys: [
        {
          id: 'k-old',
          name: 'old key',
          key: 'oldkey123',
          text_permission: 1,
          mount_permission: 1,
          expires_at: '9999-12-31 00:00:00',
        },
      ],
    });
    const report = await importFromCloudpaste(server.deps, {
      file: legacy,
      apply: false,
      ownerUsername: ADMIN.username,
    });
    expect(report.schema).toBe('s3_configs');
    // Its sample S3 config holds placeholders, not CloudPaste's encrypted form.
    expect(report.kinds['storage-config'].skipped[0]?.reason).toMatch(/encrypted:… form/);
    expect(counts(report)).toMatchObject({ paste: [1, 0, 0, 0], 'api-key': [1, 0, 0, 0] });
  });
});
