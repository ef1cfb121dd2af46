import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZipLinkResult } from '@pastebox/contract/schemas/fs';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { pythonRead, sha256, tempDir, unzipInto, unzipTest } from '../zip/zip-tools';
import { bytes, fsUrl } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

/** GET fs/download-zip (issue 33): a folder or a file of a mount as a streamed ZIP. */
const FILES: Record<string, Buffer> = {
  'docs/报告 2024.txt': Buffer.from('你好, zip'),
  'docs/sub/random.bin': randomBytes(300 * 1024 + 7),
  'docs/sub/deeper/empty.txt': Buffer.alloc(0),
  'docs/top.txt': Buffer.from('top'),
  'other/secret.txt': Buffer.from('not for the docs key'),
};

eachStorage((target) => {
  describe(`GET fs/download-zip [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    const dir = tempDir('fs-zip-');
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target, { mountPath: '/share' });
      for (const [key, content] of Object.entries(FILES)) {
        await mount.driver.put(key, bytes(content));
      }
      await mount.driver.createFolder('docs/empty');
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    /** The answer, its archive written to a file when it is one. */
    async function downloadZip(client: ApiClient, zipPath: string) {
      const res = await client.raw(fsUrl(client, 'download-zip', { path: zipPath }));
      const body = Buffer.from(await res.arrayBuffer());
      const file = path.join(dir, `${randomBytes(4).toString('hex')}.zip`);
      fs.writeFileSync(file, body);
      return { res, body, file };
    }

    it('streams a folder recursively: names relative to it, contents byte-identical', async () => {
      const { res, body, file } = await downloadZip(admin, '/share/docs');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''docs.zip");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(unzipTest(file)).toContain('No errors detected');
      const read = pythonRead(file);
      expect([...read.keys()]).toEqual([
        'empty/',
        'sub/',
        'sub/deeper/',
        'sub/deeper/empty.txt',
        'sub/random.bin',
        'top.txt',
        '报告 2024.txt',
      ]);
      const extracted = unzipInto(file);
      try {
        for (const [key, content] of Object.entries(FILES).filter(([k]) => k.startsWith('docs/'))) {
          const name = key.slice('docs/'.length);
          expect(read.get(name)?.sha256, name).toBe(sha256(content));
          expect(sha256(fs.readFileSync(path.join(extracted, name))), name).toBe(sha256(content));
        }
        expect(fs.statSync(path.join(extracted, 'empty')).isDirectory()).toBe(true);
      } finally {
        fs.rmSync(extracted, { recursive: true, force: true });
      }
    });

    it('answers HEAD with the headers alone, its length that of the GET', async () => {
      const head = await admin.raw(fsUrl(admin, 'download-zip', { path: '/share/docs' }), {
        method: 'HEAD',
      });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const { body } = await downloadZip(admin, '/share/docs');
      expect(head.headers.get('content-length')).toBe(String(body.length));
    });

    it('streams one file as an archive of that file, named after it', async () => {
      const { res, file } = await downloadZip(admin, '/share/docs/top.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''top.txt.zip");
      expect([...pythonRead(file).entries()]).toEqual([
        ['top.txt', expect.objectContaining({ sha256: sha256('top') })],
      ]);
    });

    it('answers the usual fs errors before the first byte', async () => {
      const missing = await admin.get(fsUrl(admin, 'download-zip', { path: '/share/nothing' }));
      expect([missing.status, missing.body.error]).toEqual([404, 'PATH_NOT_FOUND']);
      const invalid = await admin.get(fsUrl(admin, 'download-zip', { path: '' }));
      expect(invalid.status).toBe(400);
      const anonymous = await server.anon.get(fsUrl(admin, 'download-zip', { path: '/share' }));
      expect(anonymous.status).toBe(401);
    });

    it('keeps a key within its base path', async () => {
      const docsKey = await createMountKey(server, { basicPath: '/share/docs' });
      const own = await downloadZip(docsKey, '/share/docs/sub');
      expect(own.res.status).toBe(200);
      expect([...pythonRead(own.file).keys()]).toEqual([
        'deeper/',
        'deeper/empty.txt',
        'random.bin',
      ]);
      const other = await docsKey.get(fsUrl(docsKey, 'download-zip', { path: '/share/other' }));
      expect([other.status, other.body.error]).toEqual([403, 'PATH_FORBIDDEN']);
      const escape = await docsKey.get(
        fsUrl(docsKey, 'download-zip', { path: '/share/docs/../other' }),
      );
      expect(escape.status).toBeGreaterThanOrEqual(400);
      // Above its base path a key sees only the way down: the archive holds docs alone.
      const above = await downloadZip(docsKey, '/share');
      expect(above.res.status).toBe(200);
      const names = [...pythonRead(above.file).keys()];
      expect(names).toContain('docs/top.txt');
      expect(names.filter((name) => !name.startsWith('docs/'))).toEqual([]);
      const docsLink = await docsKey.get<ZipLinkResult>(
        fsUrl(docsKey, 'download-zip-link', { path: '/share/other' }),
      );
      expect([docsLink.status, docsLink.body.error]).toEqual([403, 'PATH_FORBIDDEN']);
      const noMount = await createMountKey(server, { mount: false });
      const refused = await noMount.get(fsUrl(noMount, 'download-zip', { path: '/share/docs' }));
      expect(refused.status).toBe(403);
    });

    it('signs a one-minute link the browser downloads without credentials, for the key’s reach', async () => {
      const docsKey = await createMountKey(server, { basicPath: '/share/docs' });
      const link = await docsKey.get<ZipLinkResult>(
        fsUrl(docsKey, 'download-zip-link', { path: '/share/docs/sub' }),
      );
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const url = new URL(link.body.data.url);
      expect(url.origin).toBe(new URL(server.baseUrl).origin);
      const followed = await fetch(url);
      expect(followed.status).toBe(200);
      expect(followed.headers.get('content-disposition')).toContain("filename*=UTF-8''sub.zip");
      const file = path.join(dir, 'linked.zip');
      fs.writeFileSync(file, Buffer.from(await followed.arrayBuffer()));
      expect(pythonRead(file).get('random.bin')?.sha256).toBe(
        sha256(FILES['docs/sub/random.bin']!),
      );

      // Another path, or another reach, under the same signature is refused.
      const tampered = new URL(url);
      tampered.searchParams.set('path', '/share/other');
      const refused = await server.anon.get(tampered.pathname + tampered.search);
      expect([refused.status, refused.body.error]).toEqual([403, 'SIGNED_URL_INVALID']);
      const widened = new URL(url);
      widened.searchParams.delete('scope');
      const wider = await server.anon.get(widened.pathname + widened.search);
      expect([wider.status, wider.body.error]).toEqual([403, 'SIGNED_URL_INVALID']);

      server.clock.advance(61_000);
      const late = await server.anon.get(url.pathname + url.search);
      expect([late.status, late.body.error]).toEqual([403, 'SIGNED_URL_EXPIRED']);
    });
  });
});
