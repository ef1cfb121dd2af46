import type { ShortLinkResult } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { sweepOnce } from '@/sweeper';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { bytes, errorOf, fsUrl } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

/** What Chromium sends when a tab navigates (a QR code opened on a phone does the same). */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const CODE_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/s\/([A-Za-z0-9]{12})$/;

function shorten(client: ApiClient, path: string, body: Record<string, unknown> = {}) {
  return client.post<ShortLinkResult>(fsUrl(client, 'short-link'), { path, ...body });
}

/** A short link followed by hand: where it redirects to, or what it refused. */
function open(url: string, accept?: string): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: accept ? { accept } : {} });
}

async function rowsOf(server: TestServer): Promise<{ code: string; path: string }[]> {
  return server.deps.db.selectFrom('short_links').select(['code', 'path']).execute();
}

eachStorage((target) => {
  describe(`POST fs/short-link and GET /api/s/{code} [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      const docs = await mountOn(server, admin, target, { mountPath: '/docs' });
      await docs.driver.put('r/report.txt', bytes('the report'), { contentType: 'text/plain' });
      await docs.driver.put('other/secret.txt', bytes('not for keys of r'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('answers the signed link and a short one that redirects to it', async () => {
      const res = await shorten(admin, '/docs/r/report.txt', { expires_in: 3600 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { url, short_url, expires_in, expires_at } = res.body.data;
      expect(expires_in).toBe(3600);
      expect(short_url).toMatch(CODE_URL);
      expect(short_url.startsWith(server.baseUrl)).toBe(true);
      expect(short_url.length).toBeLessThan(url.length);
      expect(url).toMatch(/^https?:\/\//);

      const redirect = await open(short_url);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe(url);
      expect(redirect.headers.get('cache-control')).toBe('no-store');
      const followed = await fetch(short_url);
      expect(followed.status).toBe(200);
      expect(await followed.text()).toBe('the report');

      const [row] = (await rowsOf(server)).filter((r) => short_url.endsWith(r.code));
      expect(row?.path).toBe('/docs/r/report.txt');
      const stored = await server.deps.db
        .selectFrom('short_links')
        .select('expires_at')
        .where('code', '=', row?.code ?? '')
        .executeTakeFirstOrThrow();
      expect(stored.expires_at).toBe(expires_at);
    });

    it('draws a new unguessable code each time', async () => {
      const codes = new Set<string>();
      for (let index = 0; index < 5; index += 1) {
        const res = await shorten(admin, '/docs/r/report.txt');
        codes.add(CODE_URL.exec(res.body.data.short_url)?.[1] ?? '');
      }
      expect(codes.size).toBe(5);
    });

    it('an unknown code: 404 to a script, a page to a browser', async () => {
      const unknown = `${server.baseUrl}/api/s/NoSuchCode23`;
      const json = await open(unknown);
      expect(json.status).toBe(404);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await json.json()) as { error: string }).error).toBe('SHORT_LINK_NOT_FOUND');
      const page = await open(unknown, BROWSER_ACCEPT);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain('此链接不存在');
      expect(html).toContain(`<a href="${server.baseUrl}/">`);
    });

    it('expires with its link, then the sweep deletes it', async () => {
      const res = await shorten(admin, '/docs/r/report.txt', { expires_in: 60 });
      const shortUrl = res.body.data.short_url;
      expect((await open(shortUrl)).status).toBe(302);
      // The S3 link's expiry is counted on the real clock, the local one on the server's.
      const left = Date.parse(res.body.data.expires_at) - server.clock.now().getTime();
      server.clock.advance(left + 1000);
      const expired = await open(shortUrl);
      const expiredBody = (await expired.json()) as never;
      const answer = { status: expired.status, headers: expired.headers, body: expiredBody };
      expect(errorOf(answer)).toEqual([
        403,
        'SIGNED_URL_EXPIRED',
      ]);
      const page = await fetch(shortUrl, {
        redirect: 'manual',
        headers: { accept: BROWSER_ACCEPT, 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('This link has expired');

      const code = CODE_URL.exec(shortUrl)?.[1];
      const live = await shorten(admin, '/docs/r/report.txt', { expires_in: 3600 });
      expect((await rowsOf(server)).map((r) => r.code)).toContain(code);
      await sweepOnce(server.deps);
      const kept = (await rowsOf(server)).map((r) => r.code);
      expect(kept).not.toContain(code);
      expect(kept).toContain(CODE_URL.exec(live.body.data.short_url)?.[1]);
      expect((await open(shortUrl)).status).toBe(404);
    });

    it('a key shortens links at or under its basic_path only', async () => {
      const key = await createMountKey(server, { basicPath: '/docs/r' });
      const mine = await shorten(key, '/docs/r/report.txt');
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(await (await fetch(mine.body.data.short_url)).text()).toBe('the report');

      const before = (await rowsOf(server)).length;
      expect(errorOf(await shorten(key, '/docs/other/secret.txt'))).toEqual([
        403,
        'PATH_FORBIDDEN',
      ]);
      expect(errorOf(await shorten(key, '/docs/r/../other/secret.txt'))).toEqual([
        400,
        'PATH_INVALID',
      ]);
      expect(errorOf(await shorten(key, '/docs/r/none.txt'))).toEqual([404, 'PATH_NOT_FOUND']);
      const noMount = await createMountKey(server, { mount: false });
      expect(errorOf(await shorten(noMount, '/docs/r/report.txt'))).toEqual([
        403,
        'MOUNT_PERMISSION_REQUIRED',
      ]);
      const anonymous = await server.anon.post('/api/user/fs/short-link', {
        path: '/docs/r/report.txt',
      });
      expect(anonymous.status).toBe(401);
      // A key calling the admin family is refused too.
      const adminFamily = await key.post('/api/admin/fs/short-link', {
        path: '/docs/r/report.txt',
      });
      expect(adminFamily.status).toBe(403);
      expect((await rowsOf(server)).length).toBe(before);
    });

    it(`makes at most ${RATE_LIMITS.shortLink.limit} an hour per caller`, async () => {
      const key = await createMountKey(server, { basicPath: '/docs' });
      const other = await createMountKey(server, { basicPath: '/docs' });
      for (let index = 0; index < RATE_LIMITS.shortLink.limit; index += 1) {
        const res = await shorten(key, '/docs/r/report.txt');
        expect(res.status, `creation ${index + 1}`).toBe(200);
      }
      const refused = await key.raw(fsUrl(key, 'short-link'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/docs/r/report.txt' }),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another caller is not held back by this one.
      expect((await shorten(other, '/docs/r/report.txt')).status).toBe(200);
      server.clock.advance(RATE_LIMITS.shortLink.windowMs + 1000);
      expect((await shorten(key, '/docs/r/report.txt')).status).toBe(200);
    }, 60_000);
  });
});
