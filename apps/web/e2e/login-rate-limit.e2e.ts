import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { E2E_ADMIN } from './support/server';
import { visible } from './support/ui';

/**
 * Issue 30: a drive client with a stale password must not lock the admin out of the panel,
 * and a locked-out login form says how long to wait, in both languages.
 */

const FAILURES_ALLOWED = 10;
const TEXTS = {
  'en-US': {
    username: 'Username',
    submit: 'Log in',
    logout: 'Log out',
    wait: 'Too many attempts. Try again in 15 minutes.',
  },
  'zh-CN': {
    username: '用户名',
    submit: '登录',
    logout: null,
    wait: '尝试次数过多，请 15 分钟后再试。',
  },
} as const;

describe('login rate limit: one door never locks the other, and the wait is shown', () => {
  // The journey's own admin login succeeds before any failure here: a success clears the
  // counter, so it takes none of the ten tries away.
  const journey = useJourney();

  /** Ten wrong passwords the way a stale drive client sends them (HTTP Basic). */
  async function staleDriveClient(): Promise<void> {
    const basic = Buffer.from(`${E2E_ADMIN.username}:stale-password`).toString('base64');
    for (let i = 0; i <= FAILURES_ALLOWED; i += 1) {
      await fetch(`${journey.server.baseUrl}/dav/`, {
        method: 'PROPFIND',
        headers: { Authorization: `Basic ${basic}`, Depth: '0' },
      });
    }
  }

  async function submitLogin(page: Page, language: 'en-US' | 'zh-CN', password: string) {
    const texts = TEXTS[language];
    await page.goto('/admin');
    await (await visible(page, page.getByLabel(texts.username))).fill(E2E_ADMIN.username);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.getByRole('button', { name: texts.submit, exact: true }).click();
  }

  it('the panel still logs in after a stale WebDAV password was refused 429', async () => {
    await staleDriveClient();
    const context = await journey.context({ language: 'en-US', asAdmin: false });
    const page = await context.newPage();
    await submitLogin(page, 'en-US', E2E_ADMIN.password);
    await visible(page, page.getByRole('button', { name: TEXTS['en-US'].logout }));
    await context.close();
  });

  for (const [language, theme] of [
    ['en-US', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    it(`a locked-out login form says how long to wait (${language}, ${theme})`, async () => {
      // Ten wrong passwords at the login form lock it (a second look stays locked).
      const username = E2E_ADMIN.username;
      for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
        await fetch(`${journey.server.baseUrl}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: `wrong-${i}` }),
        });
      }
      const context = await journey.context({
        asAdmin: false,
        language,
        theme,
        expectProblems: [/429/, /Too Many Requests/i],
      });
      const page = await context.newPage();
      await submitLogin(page, language, E2E_ADMIN.password);
      const alert = await visible(page, page.getByRole('alert'));
      expect(await alert.textContent()).toContain(TEXTS[language].wait);
      await docsScreenshot(page, `login-rate-limited-${language}-${theme}`);
      await context.close();
    });
  }
});
