import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

const PASSWORD = 'raw-journey-pass';
const CONTENT = 'line one of the raw journey\nline two';

interface AdminPaste {
  id: string;
  slug: string;
  views: number;
}

describe('raw links of a text share (issue 13)', () => {
  const journey = useJourney();

  const viewsOf = async (id: string) =>
    (await journey.call<AdminPaste>('GET', `/admin/pastes/${id}`)).views;

  async function unlock(page: Page): Promise<void> {
    await page.goto('/paste/raw-journey');
    await (await visible(page, page.locator('input[type=password]'))).fill(PASSWORD);
    await page.getByRole('button', { name: 'Open share' }).click();
    await visible(page, page.getByText('line one of the raw journey'));
  }

  it('Raw opens the text of this visit: one view per visit, no password in the URL', async () => {
    const paste = await journey.call<AdminPaste>('POST', '/paste', {
      content: CONTENT,
      format: 'text',
      slug: 'raw-journey',
      password: PASSWORD,
      maxViews: 3,
    });
    const context = await journey.context({
      asAdmin: false,
      language: 'en-US',
    });
    const page = await context.newPage();
    await unlock(page);
    await visible(page, page.getByText('Views: 1 / 3'));

    const raw = page.getByRole('link', { name: 'Raw' });
    const href = (await raw.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^${journey.server.baseUrl}/api/raw/raw-journey\\?token=`));
    const [rawPage] = await Promise.all([context.waitForEvent('page'), raw.click()]);
    await rawPage.waitForLoadState();
    expect(rawPage.url()).not.toContain('password');
    expect(rawPage.url()).toContain('token=');
    expect(await rawPage.locator('body').innerText()).toBe(CONTENT);
    await rawPage.reload();
    expect(await rawPage.locator('body').innerText()).toBe(CONTENT);
    expect(await viewsOf(paste.id)).toBe(1);

    // A second visit of the page is a second view, not a third.
    await page.reload();
    await unlock(page);
    await visible(page, page.getByText('Views: 2 / 3'));
    expect(await viewsOf(paste.id)).toBe(2);
    await context.close();
  });

  it('a raw link opened without credentials shows a page that leads to the share', async () => {
    const variants = [
      { language: 'en-US', scheme: 'light', heading: 'This share is protected' },
      { language: 'en-US', scheme: 'dark', heading: 'This share is protected' },
      { language: 'zh-CN', scheme: 'light', heading: '此分享受密码保护' },
      { language: 'zh-CN', scheme: 'dark', heading: '此分享受密码保护' },
    ] as const;
    for (const variant of variants) {
      const context = await journey.browser.newContext({
        baseURL: journey.server.baseUrl,
        locale: variant.language,
        colorScheme: variant.scheme,
        viewport: { width: 390, height: 700 },
      });
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (message) => blocked.push(message.text()));
      const res = await page.goto('/api/raw/raw-journey');
      expect(res?.status()).toBe(401);
      await visible(page, page.getByRole('heading', { name: variant.heading }));
      // The page's one inline style is allowed by its hash: nothing was refused.
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingTop)).toBe('32px');
      expect(blocked.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
      // The refusal page's picture, looked at by whoever changes it.
      await screenshot(page, `raw-refusal-${variant.language}-${variant.scheme}-390`);

      const onwards = page.getByRole('link');
      expect(await onwards.getAttribute('href')).toBe(
        `${journey.server.baseUrl}/paste/raw-journey`,
      );
      await onwards.click();
      await visible(page, page.locator('input[type=password]'));
      expect(page.url()).toBe(`${journey.server.baseUrl}/paste/raw-journey`);
      await context.close();
    }
  });
});
