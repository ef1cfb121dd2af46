import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { LANGUAGE_THEME_PAIRS as LOOKS, mountTeam, PHONE } from './support/looks';
import { onTop, visible } from './support/ui';
import { useJourney } from './support/journey';

/**
 * What a stranger sees (issue 30): a signed file link or a file share's download link that
 * was tampered with or has expired shows the friendly page raw paste links show — in the
 * reader's language — while a JSON client still gets the envelope; an unknown address goes
 * home with a "not found" toast that can be seen, above the header.
 */

const WORDS = {
  'en-US': {
    invalid: 'This link is not valid',
    expired: 'This link has expired',
    visitUsed: 'This link has expired',
    home: 'Go to the home page',
    share: 'Open the share page',
    notFound: "Page not found — we've taken you home",
  },
  'zh-CN': {
    invalid: '此链接无效',
    expired: '此链接已过期',
    visitUsed: '此链接已失效',
    home: '返回首页',
    share: '打开分享页面',
    notFound: '页面不存在，已返回首页',
  },
} as const;

describe('pages for links a person opens (issue 30)', () => {
  const journey = useJourney();
  const call = <T>(method: string, route: string, body?: unknown) =>
    journey.call<T>(method, route, body);

  async function signedLink(expiresIn: number): Promise<string> {
    const query = new URLSearchParams({ path: '/team/notes.txt', expires_in: String(expiresIn) });
    return (await call<{ url: string }>('GET', `/admin/fs/file-link?${query}`)).url;
  }

  async function openPage(look: (typeof LOOKS)[number], statuses: RegExp): Promise<Page> {
    const context = await journey.context({
      language: look.language,
      viewport: PHONE,
      // The refusals are the point: their status is expected.
      expectProblems: [statuses],
      asAdmin: false,
    });
    const page = await context.newPage();
    // The page follows the system's scheme (it has no theme switch of its own).
    await page.emulateMedia({ colorScheme: look.theme });
    return page;
  }

  beforeAll(async () => {
    await mountTeam(journey.server.baseUrl, journey.token, { 'notes.txt': 'team notes\n' });
  }, 120_000);

  for (const look of LOOKS) {
    it(`a tampered or expired signed link shows a page (${look.language}, ${look.theme})`, async () => {
      const words = WORDS[look.language];
      const page = await openPage(look, /HTTP 403 GET \/api\/storage\/local\//);
      const link = new URL(await signedLink(3600));
      const signature = link.searchParams.get('sig') ?? '';
      link.searchParams.set(
        'sig',
        `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      );
      const res = await page.goto(link.toString());
      expect(res?.status()).toBe(403);
      await visible(page, page.getByRole('heading', { name: words.invalid }));
      expect(await page.locator('body').innerText()).not.toContain('"error"');
      await docsScreenshot(page, `link-invalid-${look.language}-${look.theme}-phone`);
      expect(await seriousViolations(page)).toEqual([]);

      const expiring = await signedLink(1);
      // The link runs on the server's clock: wait until the server calls it expired.
      await expect.poll(async () => (await fetch(expiring)).status, { timeout: 10_000 }).toBe(403);
      expect((await page.goto(expiring))?.status()).toBe(403);
      await visible(page, page.getByRole('heading', { name: words.expired }));
      await docsScreenshot(page, `link-expired-${look.language}-${look.theme}-phone`);

      // Onwards: the home page of the app.
      await page.getByRole('link', { name: words.home }).click();
      await visible(page, page.locator('.pb-editor textarea'));
      expect(new URL(page.url()).pathname).toBe('/');
      await page.context().close();
    });
  }

  it('curl-like JSON clients still get the envelope', async () => {
    const link = new URL(await signedLink(3600));
    link.searchParams.set('sig', 'forged');
    for (const accept of [undefined, '*/*', 'application/json']) {
      const res = await fetch(link, accept ? { headers: { accept } } : {});
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: string }).error).toBe('SIGNED_URL_INVALID');
    }
  });

  it("a file share's download link of a past visit leads back to the share page", async () => {
    const share = await uploadViaApi(journey.server.baseUrl, journey.token, {
      name: 'shared-notes.txt',
      type: 'text/plain',
      body: 'shared notes',
    });
    const opened = (await (
      await fetch(`${journey.server.baseUrl}/api/public/files/${share.slug}`)
    ).json()) as {
      data: { downloadUrl: string };
    };
    const stale = new URL(opened.data.downloadUrl, journey.server.baseUrl);
    stale.searchParams.set('token', 'a-visit-that-never-was');
    for (const look of [LOOKS[0], LOOKS[3]]) {
      const words = WORDS[look.language];
      const page = await openPage(look, /HTTP 410 GET \/api\/file-download\//);
      expect((await page.goto(stale.toString()))?.status()).toBe(410);
      await visible(page, page.getByRole('heading', { name: words.visitUsed }));
      await docsScreenshot(page, `link-visit-expired-${look.language}-${look.theme}-phone`);
      await page.getByRole('link', { name: words.share }).click();
      await visible(page, page.getByRole('heading', { name: 'shared-notes.txt' }));
      expect(new URL(page.url()).pathname).toBe(`/file/${share.slug}`);
      await page.context().close();
    }
  });

  for (const look of LOOKS) {
    it(`an unknown address goes home with a toast above the header (${look.language}, ${look.theme})`, async () => {
      const words = WORDS[look.language];
      const context = await journey.context({
        language: look.language,
        theme: look.theme,
        viewport: look.theme === 'dark' ? PHONE : { width: 1280, height: 860 },
        asAdmin: false,
      });
      const page = await context.newPage();
      // Opened directly: the first load of the app.
      await page.goto('/no/such/page');
      const toast = page.getByRole('alert').filter({ hasText: words.notFound });
      await visible(page, toast);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => onTop(toast)).toBe(true);
      await visible(page, page.locator('.pb-editor textarea'));
      await docsScreenshot(
        page,
        `not-found-toast-${look.language}-${look.theme}-${look.theme === 'dark' ? 'phone' : 'desktop'}`,
      );

      // Within the app (a stale link clicked), once the first toast has gone: the same.
      await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(0);
      await page.evaluate(() => {
        window.history.pushState(null, '', '/pastes/old-link');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await visible(page, toast);
      await expect.poll(() => onTop(toast)).toBe(true);
      await context.close();
    });
  }
});
