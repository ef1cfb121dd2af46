import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';

describe('app shell', () => {
  const journey = useJourney();

  it('language and theme chosen by the user persist across reloads', async () => {
    const { context, page } = await journey.open('/', { language: 'en-US', asAdmin: false });
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: 'Upload' }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: '上传' }).isVisible())
      .toBe(true);

    // auto → light → dark
    const toggle = page.locator('[data-theme-mode]');
    await toggle.click();
    await toggle.click();
    await expect
      .poll(() => page.locator('html').getAttribute('data-mantine-color-scheme'))
      .toBe('dark');

    await page.reload();
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: '上传' }).isVisible())
      .toBe(true);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('language'),
        localStorage.getItem('themeMode'),
      ]),
    ).toEqual(['zh-CN', 'dark']);
    await screenshot(page, 'home-zh-CN-dark');
    await context.close();
  });

  it('follows the browser language when nothing is stored, and redirects unknown paths home', async () => {
    // Playwright's own context: nothing stored, so the browser's language decides.
    const context = await journey.browser.newContext({
      baseURL: journey.server.baseUrl,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: '首页' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('each route has a translated title', async () => {
    const context = await journey.context({ language: 'en-US', asAdmin: false });
    const page = await context.newPage();
    for (const [route, title] of [
      ['/upload', 'Upload files - Pastebox'],
      ['/mount-explorer', 'Mount explorer - Pastebox'],
    ] as const) {
      await page.goto(route);
      await expect.poll(() => page.title()).toBe(title);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/upload');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Admin' }).isVisible()).toBe(true);
    await page.waitForTimeout(400); // let the collapse animation finish before the screenshot
    await screenshot(page, 'phone-menu-en-US');
    await context.close();
  });
});
