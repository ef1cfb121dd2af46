import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsUrl } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

eachStorage((target) => {
  describe(`GET fs/preview [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target, { mountPath: '/media' });
      await mount.driver.put('cat.png', bytes('png bytes'));
      await mount.driver.put('page.html', bytes('<script>alert(1)</script>'));
      await mount.driver.put('logo.svg', bytes('<svg onload="alert(1)"/>'));
      await mount.driver.put('app.js', bytes('alert(1)'));
      await mount.driver.put('notes.txt', bytes('0123456789'));
      await mount.driver.put('archive.zip', bytes('PK'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const preview = async (path: string, headers: Record<string, string> = {}) => {
      const res = await admin.raw(fsUrl(admin, 'preview', { path }), { headers });
      return { res, text: await res.text() };
    };

    it('shows an image inline with its type', async () => {
      const { res, text } = await preview('/media/cat.png');
      expect(res.status).toBe(200);
      expect(text).toBe('png bytes');
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    });

    it('never serves active content or a script with its own type on this origin', async () => {
      for (const path of ['/media/page.html', '/media/logo.svg', '/media/app.js']) {
        const { res } = await preview(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toMatch(/^text\/plain/);
        expect(res.headers.get('content-security-policy'), path).toContain('sandbox');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it('hands over a type a browser cannot show as an attachment', async () => {
      const { res } = await preview('/media/archive.zip');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('honours Range for seeking', async () => {
      const { res, text } = await preview('/media/notes.txt', { range: 'bytes=5-' });
      expect(res.status).toBe(206);
      expect(text).toBe('56789');
      expect(res.headers.get('content-range')).toBe('bytes 5-9/10');
    });

    it('keeps a key inside its basic_path', async () => {
      const key = await createMountKey(server, { basicPath: '/media-other' });
      const res = await key.raw(fsUrl(key, 'preview', { path: '/media/cat.png' }));
      expect(res.status).toBe(403);
      await res.arrayBuffer();
    });
  });
});
