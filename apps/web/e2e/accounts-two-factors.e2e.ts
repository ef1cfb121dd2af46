import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { visible } from './support/ui';

/**
 * Issue 32, "done when": an authenticator app enrolled and used to sign in, then a
 * recovery code; a passkey enrolled and used to sign in without a password (Chromium's
 * virtual authenticator). Passkeys need a domain, not an IP address, as the relying party,
 * so the passkey part runs at http://localhost.
 */

async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, formatFindings(screen, findings)).toEqual([]);
}

/** The password step of the login screen, at `origin` (the server's own by default). */
async function enterPassword(page: Page, username: string, password: string, origin = '') {
  await page.goto(`${origin}/admin`);
  await (await visible(page, page.getByLabel('Username'))).fill(username);
  await page.getByPlaceholder('Your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signed in: the panel's Log out button shows (wide screens only, as here). */
async function signedIn(page: Page, logOutLabel = 'Log out'): Promise<void> {
  await visible(page, page.getByRole('button', { name: logOutLabel }));
}

async function logOut(page: Page): Promise<void> {
  await (await visible(page, page.getByRole('button', { name: 'Log out' }))).click();
  await visible(page, page.getByRole('button', { name: 'Log in' }));
}

/** The code an app holding `secret` shows `offset` steps of 30 s from now. */
function codeFor(secret: string, offset: number): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

describe('two factors: an authenticator app, recovery codes and a passkey', () => {
  const journey = useJourney();
  const eve = { username: 'eve', password: 'eve-password-1' };
  const mia = { username: 'mia', password: 'mia-password-1' };

  beforeAll(async () => {
    for (const person of [eve, mia]) {
      await journey.call('POST', '/admin/accounts', {
        ...person,
        text_permission: true,
        file_permission: true,
      });
    }
  });

  it('enrols an authenticator app, then signs in with its code and with a recovery code', async () => {
    const context = await journey.context({
      asAdmin: false,
      language: 'en-US',
      theme: 'light',
      // Wrong steps answer 401 by design: the second step is asked for.
      expectProblems: [/HTTP 401 POST \/api\/admin\/login/],
    });
    const page = await context.newPage();
    await enterPassword(page, eve.username, eve.password);
    await signedIn(page);
    await page.goto('/admin/account');
    await (await visible(page, page.getByRole('button', { name: 'Set up' }))).click();
    const secretBox = await visible(page, page.locator('[aria-labelledby="totp-secret-label"]'));
    const secret = ((await secretBox.textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoAxeFindings(page, 'authenticator set-up');
    await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret, 0));
    const codes = await visible(page, page.getByRole('list', { name: 'Recovery codes' }));
    const recovery = (await codes.locator('li').allTextContents()).map((code) => code.trim());
    expect(recovery).toHaveLength(10);
    await docsScreenshot(page, 'two-factors-recovery-en-US-light');
    await page.getByLabel('I saved them somewhere safe').check({ force: true });
    await page.getByRole('button', { name: 'Done' }).click();
    await visible(page, page.getByText('10 recovery codes left'));
    await logOut(page);

    // The password alone is no longer enough: the second step asks for the app's code.
    await enterPassword(page, eve.username, eve.password);
    await visible(page, page.getByText('Two-step verification'));
    await expectNoAxeFindings(page, 'second step');
    await docsScreenshot(page, 'two-factors-step-en-US-light');
    // The next step's code: the enrolment used this one, and each step is accepted once.
    await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret, 1));
    await signedIn(page);
    await logOut(page);

    await enterPassword(page, eve.username, eve.password);
    await (
      await visible(page, page.getByRole('button', { name: 'Use a recovery code instead' }))
    ).click();
    await page.getByLabel('Recovery code').fill(recovery[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.goto('/admin/account');
    await visible(page, page.getByText('9 recovery codes left'));
    await visible(page, page.getByText('Recovery code', { exact: true }).first());
    await context.close();
  });

  it('adds a passkey and signs in with it, without a password', async () => {
    const origin = journey.server.baseUrl.replace('127.0.0.1', 'localhost');
    const context = await journey.context({ asAdmin: false, language: 'zh-CN', theme: 'dark' });
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    await page.goto(`${origin}/admin`);
    await (await visible(page, page.getByLabel('用户名'))).fill(mia.username);
    await page.locator('input[type="password"]').fill(mia.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await signedIn(page, '退出登录');
    await page.goto(`${origin}/admin/account`);
    const passkeys = await visible(page, page.getByRole('button', { name: /添加通行密钥/ }));
    await passkeys.click();
    await page
      .getByRole('button', { name: /添加通行密钥/ })
      .last()
      .click();
    await visible(page, page.getByText(/已添加/));
    await expectNoAxeFindings(page, 'two factors card zh-CN dark');
    await (await visible(page, page.getByRole('button', { name: '退出登录' }))).click();

    await visible(page, page.getByRole('button', { name: '登录', exact: true }));
    await (await visible(page, page.getByRole('button', { name: /通行密钥登录/ }))).click();
    await signedIn(page, '退出登录');
    await page.goto(`${origin}/admin/account`);
    await visible(page, page.getByText('通行密钥', { exact: true }).first());
    await context.close();
  });
});

/** Chromium's virtual authenticator: a platform passkey that always verifies its user. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
