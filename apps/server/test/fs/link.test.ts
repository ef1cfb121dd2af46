import { LIMITS } from '@pastebox/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, expectEachPath, errorOf, fsCall } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

/** Bytes that are not text, so a link that mangled them would show. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 250, 251, 255])]);

/** GET without credentials: what a browser that only has the link gets. */
async function fetchLink(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual' });
}

eachStorage((target) => {
  describe(`GET fs/file-link [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/docs' });
      await mountOn(server, admin, target, { mountPath: '/off', isActive: false });
      await docs.driver.put('r/report.pdf', bytes(PDF), { contentType: 'application/pdf' });
      await docs.driver.put('r/notes 笔记.txt', bytes('plain notes'));
      await docs.driver.put('r/page.html', bytes('<script>alert(1)</script>'));
      await docs.driver.createFolder('r/folder');
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('answers an absolute URL for 7 days by default that works without credentials', async () => {
      const before = Date.now();
      const res = await fsCall.fileLink(admin, '/docs/r/report.pdf');
      expect(res.status).toBe(200);
      const { url, expires_in, expires_at } = res.body.data;
      expect(expires_in).toBe(LIMITS.defaultFileLinkSeconds);
      expect(expires_in).toBe(604_800);
      // The local link runs on the server's clock, the S3 one on the real one.
      const start = target.name === 'local' ? server.clock.now().getTime() : before;
      expect(Math.abs(Date.parse(expires_at) - (start + 604_800_000))).toBeLessThan(60_000);
      expect(url).toMatch(/^https?:\/\//);
      const got = await fetchLink(url);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer())).toEqual(PDF);
      if (target.name === 'local') {
        expect(url.startsWith(`${server.baseUrl}/api/`)).toBe(true);
        expect(new URL(url).searchParams.get('sig')).toBeTruthy();
      } else {
        expect(url.startsWith(server.baseUrl)).toBe(false);
        const query = new URL(url).searchParams;
        expect(query.get('X-Amz-Signature')).toBeTruthy();
        expect(query.get('X-Amz-Expires')).toBe('604800');
      }
    });

    it('links a file whose name URLs treat specially', async () => {
      const name = "odd #?%&=+;,'name 100%.txt";
      expect((await fsCall.update(admin, `/docs/r/${name}`, 'odd bytes')).status).toBe(200);
      const res = await fsCall.fileLink(admin, `/docs/r/${name}`, { force_download: '1' });
      expect(res.status).toBe(200);
      const got = await fetchLink(res.body.data.url);
      expect(got.status).toBe(200);
      expect(await got.text()).toBe('odd bytes');
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(
        got.headers.get('content-disposition') ?? '',
      );
      expect(decodeURIComponent(encoded?.[1] ?? '')).toBe(name);
    });

    it('takes expires_in, within 1 s to 7 days', async () => {
      const res = await fsCall.fileLink(admin, '/docs/r/report.pdf', { expires_in: '600' });
      expect(res.status).toBe(200);
      expect(res.body.data.expires_in).toBe(600);
      for (const expiresIn of ['0', '604801', 'soon', '-5']) {
        const bad = await fsCall.fileLink(admin, '/docs/r/report.pdf', { expires_in: expiresIn });
        expect(errorOf(bad), expiresIn).toEqual([400, 'VALIDATION_FAILED']);
      }
    });

    it('makes an attachment with force_download, inline otherwise', async () => {
      const forced = await fsCall.fileLink(admin, '/docs/r/notes 笔记.txt', {
        force_download: 'true',
      });
      const attachment = await fetchLink(forced.body.data.url);
      expect(attachment.status).toBe(200);
      const disposition = attachment.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment;/);
      expect(disposition).toContain("filename*=UTF-8''notes%20%E7%AC%94%E8%AE%B0.txt");
      expect(await attachment.text()).toBe('plain notes');
      const inline = await fetchLink(
        (await fsCall.fileLink(admin, '/docs/r/notes 笔记.txt')).body.data.url,
      );
      expect(inline.headers.get('content-disposition') ?? '').toMatch(/^inline;/);
      expect(inline.headers.get('content-type')).toMatch(/^text\/plain/);
      await inline.arrayBuffer();
    });

    it('never serves HTML from a link as a page', async () => {
      const res = await fsCall.fileLink(admin, '/docs/r/page.html');
      const page = await fetchLink(res.body.data.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await page.text()).toBe('<script>alert(1)</script>');
    });

    it('refuses a link that was tampered with', async () => {
      const res = await fsCall.fileLink(admin, '/docs/r/report.pdf', { expires_in: '600' });
      const url = new URL(res.body.data.url);
      const tampered: URL[] = [];
      const signatureName = target.name === 'local' ? 'sig' : 'X-Amz-Signature';
      const forged = new URL(url);
      const signature = forged.searchParams.get(signatureName) ?? '';
      forged.searchParams.set(
        signatureName,
        `${signature.slice(0, -2)}${signature.endsWith('00') ? '11' : '00'}`,
      );
      tampered.push(forged);
      const longer = new URL(url);
      longer.searchParams.set(target.name === 'local' ? 'exp' : 'X-Amz-Expires', '604800');
      tampered.push(longer);
      if (target.name === 'local') {
        const otherFile = new URL(url);
        const key = otherFile.searchParams.get('key') ?? '';
        otherFile.searchParams.set('key', key.replace('report.pdf', 'page.html'));
        tampered.push(otherFile);
        const attachment = new URL(url);
        attachment.searchParams.set('type', 'text/html');
        tampered.push(attachment);
      } else {
        const otherFile = new URL(url);
        otherFile.pathname = otherFile.pathname.replace('report.pdf', 'page.html');
        tampered.push(otherFile);
      }
      for (const bad of tampered) {
        const got = await fetchLink(bad.toString());
        expect(got.status, bad.toString()).toBe(403);
        const body = await got.text();
        expect(body).not.toContain('%PDF');
        expect(body).not.toContain('<script>');
        if (target.name === 'local') {
          expect((JSON.parse(body) as { error: string }).error).toBe('SIGNED_URL_INVALID');
        }
      }
      expect((await fetchLink(url.toString())).status).toBe(200);
    });

    it('stops working once it has expired', async () => {
      // S3 dates its signature to the second: 3 s leaves room for the first fetch.
      const expiresIn = target.name === 'local' ? 1 : 3;
      const res = await fsCall.fileLink(admin, '/docs/r/report.pdf', {
        expires_in: String(expiresIn),
      });
      const { url } = res.body.data;
      const fresh = await fetchLink(url);
      expect(fresh.status).toBe(200);
      await fresh.arrayBuffer();
      if (target.name === 'local') {
        server.clock.advance(expiresIn * 1000 + 1000);
        const expired = await fetchLink(url);
        expect(expired.status).toBe(403);
        expect(((await expired.json()) as { error: string }).error).toBe('SIGNED_URL_EXPIRED');
      } else {
        // The S3 server judges the expiry by the real clock: wait until it refuses.
        const deadline = Date.now() + 20_000;
        let status = 200;
        while (status === 200 && Date.now() < deadline) {
          const got = await fetchLink(url);
          status = got.status;
          await got.arrayBuffer();
          if (status === 200) {
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
        expect(status).toBe(403);
      }
    }, 30_000);

    it('answers 400 NOT_A_FILE for a folder or a mount point, 404 for nothing', async () => {
      await expectEachPath(
        [
          ['/docs/r/folder', 400, 'NOT_A_FILE'],
          ['/docs/r', 400, 'NOT_A_FILE'],
          ['/docs', 400, 'NOT_A_FILE'],
          ['/', 400, 'PATH_OUTSIDE_MOUNT'],
          ['/docs/r/none.pdf', 404, 'PATH_NOT_FOUND'],
          ['/nowhere/a.pdf', 404, 'PATH_NOT_FOUND'],
          ['/off/a.pdf', 404, 'PATH_NOT_FOUND'],
          ['/docs/r/../r/report.pdf', 400, 'PATH_INVALID'],
        ],
        (path) => fsCall.fileLink(admin, path),
      );
    });

    it('gives a key links at or under its basic_path only', async () => {
      const key = await createMountKey(server, { basicPath: '/docs/r' });
      const mine = await fsCall.fileLink(key, '/docs/r/report.pdf');
      expect(mine.status).toBe(200);
      const got = await fetchLink(mine.body.data.url);
      expect(Buffer.from(await got.arrayBuffer())).toEqual(PDF);
      const outside = await createMountKey(server, { basicPath: '/docs/other' });
      const refused = await fsCall.fileLink(outside, '/docs/r/report.pdf');
      expect(errorOf(refused)).toEqual([403, 'PATH_FORBIDDEN']);
      const noMount = await createMountKey(server, { mount: false });
      const none = await fsCall.fileLink(noMount, '/docs/r/report.pdf');
      expect(errorOf(none)).toEqual([403, 'MOUNT_PERMISSION_REQUIRED']);
      expect((await server.anon.get('/api/user/fs/file-link?path=%2Fdocs')).status).toBe(401);
    });
  });
});
