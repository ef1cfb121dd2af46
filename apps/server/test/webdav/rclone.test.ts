import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloaded, fsCall } from '../fs/fs-support';
import { postFsForm } from '../fs/uploads-support';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import {
  contentDigest,
  davMount,
  rcloneRemote,
  treeDigest,
  writeTree,
  type ProcessResult,
} from './clients-support';

/**
 * rclone as a real WebDAV client (issue 10): a tree of Unicode names and tens of MB up and
 * back, `check`, `moveto`, `purge`, on local storage and on the real S3-protocol server;
 * and both front doors (WebDAV and the fs API) see each other's writes at once.
 */

const MIB = 1024 * 1024;
const STEP_TIMEOUT_MS = 300_000;

/** Names of every script and the characters `#%?&` that URLs must escape (no `\`). */
const TREE: Record<string, Buffer> = {
  '中文目录/报告 2024.txt': Buffer.from('季度报告\n'),
  '日本語/データ.bin': randomBytes(8 * MIB),
  'emoji 😀🎉/big file.bin': randomBytes(24 * MIB),
  '#hash %25 ?query &amp.txt': Buffer.from('reserved characters'),
  'sub dir/nested/deep 深.txt': Buffer.from('to be purged'),
  'Ünïcödé ñ.txt': Buffer.from('latin'),
  'empty.txt': Buffer.alloc(0),
};

/** Asserts a zero exit, showing what rclone printed otherwise. */
function expectOk(result: ProcessResult): string {
  expect(result.code, result.output).toBe(0);
  return result.output;
}

/** Every file below `folder` as the fs API lists it: relative path → size. */
async function apiSizes(admin: ApiClient, folder: string): Promise<Record<string, number>> {
  const res = await fsCall.list(admin, folder);
  expect(res.status, `${folder}: ${JSON.stringify(res.body)}`).toBe(200);
  const sizes: Record<string, number> = {};
  for (const item of res.body.data.items) {
    if (item.isDirectory) {
      const inner = await apiSizes(admin, `${folder}/${item.name}`);
      for (const [name, size] of Object.entries(inner)) {
        sizes[`${item.name}/${name}`] = size;
      }
    } else {
      sizes[item.name] = item.size;
    }
  }
  return sizes;
}

for (const target of storageTargets()) {
  describe(`rclone over /dav [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let rclone: (...args: string[]) => Promise<ProcessResult>;
    let work: string;
    const mountPath = `/rclone-${target.name}`;
    const remote = (relative = '') => `pb:${mountPath.slice(1)}/tree${relative}`;
    const local = () => path.join(work, 'up');

    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      await davMount(admin, target, mountPath);
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-rclone-'));
      writeTree(local(), TREE);
      rclone = await rcloneRemote(
        `${server.baseUrl}/dav`,
        { user: ADMIN.username, pass: ADMIN.password },
        work,
      );
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await server.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    it(
      'copies the tree up; check finds no difference; the fs API lists it at once',
      async () => {
        // Listed first, so the mount's listing is in its 300 s cache before the upload.
        expect(await apiSizes(admin, mountPath)).toEqual({});
        expectOk(await rclone('copy', local(), remote()));
        expect(expectOk(await rclone('check', local(), remote()))).toContain('0 differences found');
        const expected = Object.fromEntries(
          Object.entries(TREE).map(([name, content]) => [name, content.length]),
        );
        expect(await apiSizes(admin, `${mountPath}/tree`)).toEqual(expected);
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'copies the tree back down byte for byte',
      async () => {
        const down = path.join(work, 'down');
        expectOk(await rclone('copy', remote(), down));
        expect(treeDigest(down)).toEqual(treeDigest(local()));
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'renames a file with moveto; rclone and the fs API see the new name',
      async () => {
        const before = TREE['日本語/データ.bin'] as Buffer;
        expectOk(
          await rclone('moveto', remote('/日本語/データ.bin'), remote('/日本語/新 名字.bin')),
        );
        expect(
          expectOk(await rclone('lsf', remote('/日本語')))
            .trim()
            .split('\n'),
        ).toEqual(['新 名字.bin']);
        const renamed = await downloaded(admin, `${mountPath}/tree/日本語/新 名字.bin`);
        expect(contentDigest(renamed)).toBe(contentDigest(before));
        expect((await fsCall.get(admin, `${mountPath}/tree/日本語/データ.bin`)).status).toBe(404);
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'sees at once what the fs API uploads and updates',
      async () => {
        const content = randomBytes(300_000);
        const upload = await postFsForm(admin, {
          path: `${mountPath}/tree/from api 上传.bin`,
          content,
        });
        expect(upload.status, JSON.stringify(upload.body)).toBe(200);
        const update = await fsCall.update(
          admin,
          `${mountPath}/tree/中文目录/报告 2024.txt`,
          '改了',
        );
        expect(update.status, JSON.stringify(update.body)).toBe(200);

        const listed = expectOk(await rclone('lsf', '--format', 'ps', remote()));
        expect(listed.split('\n')).toContain('from api 上传.bin;300000');
        const text = expectOk(await rclone('cat', remote('/中文目录/报告 2024.txt')));
        expect(text).toBe('改了');
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'removes a folder with purge; rclone and the fs API no longer see it',
      async () => {
        expectOk(await rclone('purge', remote('/sub dir')));
        expect(expectOk(await rclone('lsf', '--dirs-only', remote())).split('\n')).not.toContain(
          'sub dir/',
        );
        expect((await fsCall.get(admin, `${mountPath}/tree/sub dir`)).status).toBe(404);
        expect(Object.keys(await apiSizes(admin, `${mountPath}/tree`))).not.toContain(
          'sub dir/nested/deep 深.txt',
        );
      },
      STEP_TIMEOUT_MS,
    );
  });
}
