import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot, launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { visible } from './support/ui';

const LOOKS = [
  { language: 'en-US', theme: 'light', field: 'WebDAV upload mode', stale: /later version/ },
  { language: 'zh-CN', theme: 'dark', field: 'WebDAV 上传方式', stale: /后续版本/ },
] as const;

/**
 * Issue 30: Settings → System said WebDAV "arrives in a later version" long after it
 * shipped; the hint now says where WebDAV is (/dav/) and what the mode chooses.
 */
describe('the WebDAV upload mode setting', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await server.adminToken();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const look of LOOKS) {
    it(`explains WebDAV as it is now (${look.language}, ${look.theme})`, async () => {
      const context = await newContext(browser, {
        baseUrl: server.baseUrl,
        language: look.language,
        theme: look.theme,
        adminToken: token,
      });
      const page = await context.newPage();
      await page.goto('/admin/settings');
      const mode = await visible(page, page.getByRole('combobox', { name: look.field }));
      const hint = await mode.evaluate(
        (select) =>
          document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
      expect(hint).toContain('/dav/');
      expect(hint).not.toMatch(look.stale);
      expect(await page.getByText(look.stale).count()).toBe(0);
      await docsScreenshot(page, `settings-system-${look.language}-${look.theme}`);
      await context.close();
    });
  }
});
