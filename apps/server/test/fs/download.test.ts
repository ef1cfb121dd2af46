import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsUrl } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

const CONTENT = 'abcdefghijklmnopqrstuvwxyz';

eachStorage((target) => {
  describe(`GET fs/download [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target, { mountPath: '/share' });
      await mount.driver.put('报告 2024.txt', bytes(CONTENT));
      await mount.driver.put('page.html', bytes('<script>alert(1)</script>'));
      await mount.driver.createFolder('folder');
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const download = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      admin.raw(fsUrl(admin, 'download', { path }), { method, headers });

    it('streams the whole file as an attachment with its name (RFC 5987 filename*)', async () => {
      const res = await download('/share/报告 2024.txt');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(CONTENT);
      expect(res.headers.get('content-length')).toBe(String(CONTENT.length));
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment;/);
      expect(disposition).toContain("filename*=UTF-8''%E6%8A%A5%E5%91%8A%202024.txt");
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toMatch(/^".+"$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers a Range with 206 and Content-Range, a range past the end with 416', async () => {
      const part = await download('/share/报告 2024.txt', { range: 'bytes=2-5' });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe('cdef');
      expect(part.headers.get('content-range')).toBe(`bytes 2-5/${CONTENT.length}`);
      const suffix = await download('/share/报告 2024.txt', { range: 'bytes=-3' });
      expect(suffix.status).toBe(206);
      expect(await suffix.text()).toBe('xyz');
      const past = await download('/share/报告 2024.txt', { range: 'bytes=100-' });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${CONTENT.length}`);
      expect(((await past.json()) as { error: string }).error).toBe('RANGE_NOT_SATISFIABLE');
    });

    it('answers 304 when If-None-Match holds the ETag; If-Range with another ETag gets it whole', async () => {
      const first = await download('/share/报告 2024.txt');
      const etag = first.headers.get('etag') ?? '';
      await first.arrayBuffer();
      const again = await download('/share/报告 2024.txt', { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const stale = await download('/share/报告 2024.txt', {
        range: 'bytes=0-1',
        'if-range': '"another"',
      });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(CONTENT);
      const fresh = await download('/share/报告 2024.txt', {
        range: 'bytes=0-1',
        'if-range': etag,
      });
      expect(fresh.status).toBe(206);
      expect(await fresh.text()).toBe('ab');
    });

    it('answers HEAD with the headers and no body', async () => {
      const head = await download('/share/报告 2024.txt', {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(CONTENT.length));
      expect(await head.text()).toBe('');
      const ranged = await download('/share/报告 2024.txt', { range: 'bytes=0-9' }, 'HEAD');
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${CONTENT.length}`);
    });

    it('downloads HTML as an attachment in a sandbox, never as a page of this origin', async () => {
      const res = await download('/share/page.html');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      await res.arrayBuffer();
    });

    it('answers 404 for nothing, 400 for a folder, 403 outside a key', async () => {
      const missing = await download('/share/none.txt');
      expect(missing.status).toBe(404);
      const folder = await download('/share/folder');
      expect(folder.status).toBe(400);
      expect(((await folder.json()) as { error: string }).error).toBe('NOT_A_FILE');
      const key = await createMountKey(server, { basicPath: '/share/folder' });
      const refused = await key.raw(fsUrl(key, 'download', { path: '/share/报告 2024.txt' }));
      expect(refused.status).toBe(403);
      const escape = await key.raw(
        fsUrl(key, 'download', { path: '/share/folder/../报告 2024.txt' }),
      );
      expect(escape.status).toBe(400);
    });
  });
});
