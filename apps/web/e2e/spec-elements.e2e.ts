import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { screenshot } from './support/browser';
import { useJourney, type Journey } from './support/journey';
import { startServer, type RunningServer } from './support/server';
import { createShare, loginAsAdmin, typeInEditor, visible } from './support/ui';

const SWITCHER = { name: 'Backend environment' } as const;

/** Screenshots of the environment switcher, looked at by a person: what the viewport shows. */
const VIEWPORT = { fullPage: false } as const;

/** The header is drawn once its links are there. */
async function headerReady(page: Page): Promise<void> {
  await visible(page, page.locator('header a[href="/upload"]').or(page.getByLabel('Menu')));
}

async function clipboardOf(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The admin's context whose pages may read and write the clipboard (the copy buttons). */
async function clipboardContext(journey: Journey): Promise<BrowserContext> {
  const context = await journey.context({ language: 'en-US', theme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: journey.server.baseUrl,
  });
  return context;
}

describe('SPEC §2 elements: environment switcher, absolute links, page titles', () => {
  const journey = useJourney();
  let other: RunningServer;
  beforeAll(async () => {
    // A second backend that lets the first one's pages call it (DESIGN §1, shape 3).
    other = await startServer({ CORS_ORIGINS: journey.server.baseUrl });
  });
  afterAll(async () => {
    await other?.stop();
  });

  it('offers the environment switcher only to an admin who asked for it', async () => {
    const anonymous = await journey.context({ language: 'en-US', asAdmin: false });
    const visitor = await anonymous.newPage();
    await visitor.goto('/?showEnvSwitcher=1');
    await headerReady(visitor);
    expect(await visitor.getByRole('button', SWITCHER).count()).toBe(0);
    await anonymous.close();

    const context = await journey.context({
      language: 'en-US',
    });
    const page = await context.newPage();
    await page.goto('/upload');
    await headerReady(page);
    expect(await page.getByRole('button', SWITCHER).count()).toBe(0);

    await page.goto('/upload?showEnvSwitcher=1');
    await visible(page, page.getByRole('button', SWITCHER));
    // The request lasts for the tab's session: in-app navigation keeps the switcher.
    await page.locator('header a[href="/"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await visible(page, page.getByRole('button', SWITCHER));
    await context.close();
  });

  it('tests, saves, keeps and resets a backend address', async () => {
    const context = await journey.context({
      language: 'en-US',
      theme: 'light',
      // The health check of an unreachable address fails on purpose.
      expectProblems: [/net::ERR_UNSAFE_PORT|net::ERR_CONNECTION_REFUSED/],
    });
    const page = await context.newPage();
    await page.goto('/?showEnvSwitcher=1');
    await (await visible(page, page.getByRole('button', SWITCHER))).click();
    const dialog = page.getByRole('dialog', { name: 'Backend environment' });
    await visible(page, dialog.getByText("This page's own origin"));
    expect(await dialog.getByTestId('env-backend-in-use').textContent()).toBe(
      journey.server.baseUrl,
    );

    const address = dialog.getByLabel('Backend address');
    await address.fill(`${journey.server.baseUrl}/api`);
    await address.blur();
    await visible(page, dialog.getByText('Enter the origin only'));
    expect(await dialog.getByRole('button', { name: 'Save and reload' }).isDisabled()).toBe(true);

    // Nothing listens on port 9: the test fails and saving stays impossible.
    await address.fill('http://127.0.0.1:9');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await visible(page, dialog.getByText('No answer from http://127.0.0.1:9/api/health'));
    expect(await dialog.getByRole('button', { name: 'Save and reload' }).isDisabled()).toBe(true);

    // The same server typed by hand: healthy; saving keeps the admin signed in.
    await address.fill(`${journey.server.baseUrl}/`);
    await dialog.getByRole('button', { name: 'Test' }).click();
    await visible(page, dialog.getByText(`${journey.server.baseUrl} answered in`));
    await screenshot(page, 'env-switcher-en-US-light-desktop', VIEWPORT);
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Save and reload' }).click(),
    ]);
    expect(await page.evaluate(() => localStorage.getItem('backend_url'))).toBe(
      journey.server.baseUrl,
    );
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBe(journey.token);

    await page.reload();
    await (await visible(page, page.getByRole('button', SWITCHER))).click();
    await visible(page, dialog.getByText('Saved in this browser'));
    expect(await dialog.getByTestId('env-backend-in-use').textContent()).toBe(
      journey.server.baseUrl,
    );

    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Reset to default' }).click(),
    ]);
    expect(await page.evaluate(() => localStorage.getItem('backend_url'))).toBeNull();
    await (await visible(page, page.getByRole('button', SWITCHER))).click();
    await visible(page, dialog.getByText("This page's own origin"));
    await context.close();
  });

  it('moves to another backend: signs out, then works against it', async () => {
    const context = await journey.context({
      language: 'en-US',
    });
    const page = await context.newPage();
    await page.goto('/?showEnvSwitcher=1');
    await (await visible(page, page.getByRole('button', SWITCHER))).click();
    const dialog = page.getByRole('dialog', { name: 'Backend environment' });
    await dialog.getByLabel('Backend address').fill(other.baseUrl);
    await dialog.getByRole('button', { name: 'Test' }).click();
    await visible(page, dialog.getByText(`${other.baseUrl} answered in`));
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Save and reload' }).click(),
    ]);
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('backend_url'))).toBe(other.baseUrl);

    // Signing in now talks to the other backend, and so does sharing.
    await loginAsAdmin(page);
    await page.goto('/');
    await typeInEditor(page, 'on the other backend');
    await createShare(page, { slug: 'elsewhere' });
    const res = await fetch(`${other.baseUrl}/api/raw/elsewhere`);
    expect(await res.text()).toBe('on the other backend');
    expect((await fetch(`${journey.server.baseUrl}/api/raw/elsewhere`)).status).toBe(404);
    // The raw link shown is the other backend's, absolute.
    await visible(page, page.getByRole('link', { name: `${other.baseUrl}/api/raw/elsewhere` }));
    await context.close();
  });

  it('copies and shows absolute links on the editor, paste, file and admin screens', async () => {
    const context = await clipboardContext(journey);
    const page = await context.newPage();
    await page.goto('/');
    await typeInEditor(page, 'links that work where they are pasted');
    const link = await createShare(page, { slug: 'absolute-links' });
    expect(link).toBe(`${journey.server.baseUrl}/paste/absolute-links`);

    await page.getByRole('button', { name: 'Copy raw link' }).click();
    await expect
      .poll(() => clipboardOf(page))
      .toBe(`${journey.server.baseUrl}/api/raw/absolute-links`);
    await visible(
      page,
      page.getByRole('link', { name: `${journey.server.baseUrl}/api/raw/absolute-links` }),
    );
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect.poll(() => clipboardOf(page)).toBe(link);

    await page.goto('/paste/absolute-links');
    await (await visible(page, page.getByRole('button', { name: 'Copy link' }))).click();
    await expect.poll(() => clipboardOf(page)).toBe(link);
    await page.getByRole('button', { name: 'QR code' }).click();
    const qr = page.getByRole('dialog', { name: 'QR code' });
    await visible(page, qr.getByAltText('QR code of the share link'));
    expect(await qr.getByText(link).count()).toBe(1);
    await page.keyboard.press('Escape');

    const file = await uploadViaApi(journey.server.baseUrl, journey.token, {
      name: 'notes.txt',
      type: 'text/plain',
      body: 'file body',
    });
    await page.goto(`/file/${file.slug}`);
    await (await visible(page, page.getByRole('button', { name: 'Copy link' }))).click();
    await expect.poll(() => clipboardOf(page)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/file\//);

    // Text management: every row has its link to copy and its QR code.
    await page.goto('/admin/text-management');
    await (
      await visible(page, page.getByRole('button', { name: 'Copy the link of absolute-links' }))
    ).click();
    await expect.poll(() => clipboardOf(page)).toBe(link);
    await page.getByRole('button', { name: 'QR code of absolute-links' }).click();
    const rowQr = page.getByRole('dialog', { name: 'QR code · absolute-links' });
    await visible(page, rowQr.getByAltText('QR code of the share link'));
    expect(await rowQr.getByText(link).count()).toBe(1);
    await context.close();
  });

  it('titles each route', async () => {
    const context = await journey.context({
      language: 'en-US',
      // /paste/x does not exist: its page is titled all the same.
      expectProblems: [/HTTP 404 GET \/api\/paste\/x/],
    });
    const page = await context.newPage();
    for (const [route, title] of [
      ['/', 'New share - Pastebox'],
      ['/upload', 'Upload files - Pastebox'],
      ['/admin/settings', 'Settings - Pastebox'],
      ['/paste/x', 'Shared text - Pastebox'],
    ] as const) {
      await page.goto(route);
      await expect.poll(() => page.title()).toBe(title);
    }
    await context.close();
  });

  it('screenshots of the switcher: both languages, both themes, phone width', async () => {
    for (const [language, theme, width] of [
      ['zh-CN', 'dark', 1280],
      ['en-US', 'dark', 390],
      ['zh-CN', 'light', 390],
      ['en-US', 'light', 390],
    ] as const) {
      const context = await journey.context({
        language,
        theme,
        viewport: { width, height: width < 600 ? 844 : 860 },
      });
      const page = await context.newPage();
      await page.goto('/?showEnvSwitcher=1');
      const name = language === 'en-US' ? SWITCHER.name : '后端环境';
      if (width < 576) {
        // No room in a phone's header bar: the switcher is a row of the menu, and the bar
        // still fits the screen, the menu button included.
        const menu = language === 'en-US' ? 'Menu' : '菜单';
        const burger = await visible(page, page.getByRole('button', { name: menu, exact: true }));
        const box = await burger.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        await burger.click();
        await page.waitForTimeout(400); // the menu's collapse animation
      }
      const button = await visible(page, page.getByRole('button', { name }));
      await screenshot(page, `env-header-${language}-${theme}-${width}`, VIEWPORT);
      await button.click();
      const dialog = page.getByRole('dialog', { name });
      const address = await visible(page, dialog.locator('input'));
      await address.fill('ftp://paste.example.com/api');
      await address.blur();
      await screenshot(page, `env-switcher-${language}-${theme}-${width}-error`, {
        ...VIEWPORT,
        settleMs: 300,
      });
      await address.fill(journey.server.baseUrl);
      await dialog.getByRole('button', { name: language === 'en-US' ? 'Test' : '测试' }).click();
      await visible(page, dialog.getByText(language === 'en-US' ? 'answered in' : '毫秒内响应'));
      await screenshot(page, `env-switcher-${language}-${theme}-${width}`, VIEWPORT);
      await context.close();
    }
  });
});
