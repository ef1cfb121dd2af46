import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe';
import { allowProblems, docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS as LOOKS, PHONE } from './support/looks';
import { visible } from './support/ui';

/**
 * Issue 32, "done when": the admin invites a member, who chooses a password, signs in,
 * creates a share and an API key, cannot see the admin's shares, and is refused past its
 * quota; "end all other sessions" signs its other browser out. Each screen passes axe in
 * both languages and themes.
 */

async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, formatFindings(screen, findings)).toEqual([]);
}

/** Turns a Mantine switch on: its input has no box of its own (the track is drawn instead). */
async function turnOn(scope: ReturnType<Page['locator']>, name: string): Promise<void> {
  const control = scope.getByRole('switch', { name });
  if (!(await control.isChecked())) {
    await control.dispatchEvent('click');
  }
  await expect.poll(() => control.isChecked()).toBe(true);
}

/** Signs in on the login screen with an account's username and password. */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin');
  await (await visible(page, page.getByLabel('Username'))).fill(username);
  await page.getByPlaceholder('Your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Signed in, the panel opens its first module (at phone width Log out is in the menu).
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: 30_000 })
    .toMatch(/^\/admin\/[a-z-]+$/);
}

describe('a member, from invitation to quota', () => {
  const journey = useJourney();
  const member = { username: 'dana', password: 'dana-password-1' };
  let inviteUrl = '';

  beforeAll(async () => {
    await journey.call('POST', '/paste', { content: 'The admin’s own notes', slug: 'admin-notes' });
  });

  it('invites a member from the Accounts module', async () => {
    const { page } = await journey.open('/admin/accounts', { language: 'en-US', theme: 'light' });
    await (await visible(page, page.getByRole('button', { name: 'New account' }))).click();
    const dialog = await visible(page, page.getByRole('dialog', { name: 'New account' }));
    await dialog.getByLabel('Username').fill(member.username);
    await dialog.getByLabel('Display name').fill('Dana Scully');
    await turnOn(dialog, 'Text');
    await turnOn(dialog, 'Files');
    await dialog.getByLabel('Send an invitation link').check();
    await expectNoAxeFindings(page, 'new account dialog');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const link = await visible(page, page.getByText(/^http\S+\/invite\/\S+$/));
    inviteUrl = (await link.textContent())?.trim() ?? '';
    expect(inviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\/\S{20,}$/);
    await docsScreenshot(page, 'accounts-invite-en-US-light');
    await page.getByRole('button', { name: 'Done' }).click();
    await visible(page, page.getByText(/Invitation pending until/));
  });

  it('lets the invited person choose a password, once', async () => {
    const { context, page } = await journey.open(new URL(inviteUrl).pathname, {
      asAdmin: false,
      language: 'en-US',
      theme: 'dark',
    });
    // The used link's check answers 410 by design.
    allowProblems(context, /HTTP 410 GET \/api\/invites\//);
    await visible(
      page,
      page.getByRole('heading', { name: `Choose a password for ${member.username}` }),
    );
    await expectNoAxeFindings(page, 'invitation page');
    const passwords = page.locator('input[type="password"]');
    await passwords.nth(0).fill(member.password);
    await passwords.nth(1).fill(member.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await visible(page, page.getByText('Your password is set'));
    await page.goto(new URL(inviteUrl).pathname);
    await visible(page, page.getByText('This invitation link does not work'));
  });

  it('signs the member in to its own panel: its shares, its keys, never the admin’s', async () => {
    const context = await journey.context({ asAdmin: false, language: 'en-US', theme: 'light' });
    const page = await context.newPage();
    await signIn(page, member.username, member.password);
    await visible(page, page.getByText('Signed in as Dana Scully'));

    const own = await page.evaluate(async () => {
      const token = localStorage.getItem('member_token') ?? '';
      const res = await fetch('/api/paste', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: 'Dana’s notes', slug: 'dana-notes' }),
      });
      return res.status;
    });
    expect(own).toBe(201);
    await page.goto('/admin/text-management');
    await visible(page, page.getByText('dana-notes'));
    expect(await page.getByText('admin-notes').count()).toBe(0);

    await page.goto('/admin/account');
    await visible(page, page.getByRole('heading', { name: 'My API keys' }));
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const dialog = await visible(page, page.getByRole('dialog', { name: 'Create an API key' }));
    await dialog.getByLabel('Name').fill('Dana’s laptop');
    await turnOn(dialog, 'Text');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await visible(page, page.getByText('API key created'));
    await page.getByRole('button', { name: 'Done' }).click();
    await visible(page, page.getByText('Dana’s laptop'));
    await expectNoAxeFindings(page, 'member account page');
    await docsScreenshot(page, 'account-member-en-US-light');
    await context.close();
  });

  it('refuses an upload past the member’s quota, in the member’s language', async () => {
    const accounts = await journey.call<{ items: { id: string; username: string }[] }>(
      'GET',
      `/admin/accounts?search=${member.username}`,
    );
    const id = accounts.items.find((item) => item.username === member.username)?.id;
    await journey.call('PUT', `/admin/accounts/${id}`, { quota_bytes: 1024 });
    const context = await journey.context({
      asAdmin: false,
      language: 'zh-CN',
      theme: 'dark',
      expectProblems: [/HTTP 413 POST \/api\/upload/],
    });
    const page = await context.newPage();
    await page.goto('/admin');
    await (await visible(page, page.getByLabel('用户名'))).fill(member.username);
    await page.locator('input[type="password"]').fill(member.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/[a-z-]+$/);
    await page.goto('/upload');
    await page.locator('input[type=file]').setInputFiles({
      name: 'big.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(4096, 1),
    });
    await (await visible(page, page.getByRole('button', { name: '全部上传' }))).click();
    await visible(page, page.getByText(/存储配额已用完/));
    await context.close();
  });

  it('ends the member’s other sessions from the Account page', async () => {
    const laptop = await journey.context({ asAdmin: false, language: 'en-US', theme: 'light' });
    const phone = await journey.context({
      asAdmin: false,
      language: 'en-US',
      theme: 'dark',
      viewport: PHONE,
      // Its session ended elsewhere: the next check of it answers 401, and it signs out.
      expectProblems: [/HTTP 401 GET \/api\/account/],
    });
    const laptopPage = await laptop.newPage();
    const phonePage = await phone.newPage();
    await signIn(laptopPage, member.username, member.password);
    await signIn(phonePage, member.username, member.password);

    await laptopPage.goto('/admin/account');
    await visible(laptopPage, laptopPage.getByText('This device'));
    await laptopPage.getByRole('button', { name: 'End all other sessions' }).click();
    const confirm = await visible(
      laptopPage,
      laptopPage.getByRole('dialog', { name: 'End all other sessions?' }),
    );
    await confirm.getByRole('button', { name: 'End all other sessions' }).click();
    await visible(laptopPage, laptopPage.getByText(/Ended \d+ other session/));

    // The phone's session is gone: its next step lands on the login screen.
    await phonePage.goto('/admin/account');
    await visible(phonePage, phonePage.getByRole('button', { name: 'Log in' }));
    await laptop.close();
    await phone.close();
  });

  it('shows each of those steps on the audit page', async () => {
    const { page } = await journey.open('/admin/audit', { language: 'en-US', theme: 'light' });
    const table = page.locator('table');
    await visible(page, table.getByText('dana').first());
    const log = await journey.call<{ items: { action: string; actor_name: string | null }[] }>(
      'GET',
      '/admin/audit?limit=200',
    );
    const byDana = log.items.filter((entry) => entry.actor_name === member.username);
    expect(log.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['account.create', 'account.invite_accept', 'account.update']),
    );
    expect(byDana.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'auth.sign_in',
        'share.create',
        'api_key.create',
        'session.end_others',
      ]),
    );
  });

  it('shows the Accounts module and the Account page in both languages and themes', async () => {
    for (const look of LOOKS) {
      const { context, page } = await journey.open('/admin/accounts', look);
      await visible(page, page.getByText(member.username).first());
      await expectNoAxeFindings(page, `accounts ${look.language} ${look.theme}`);
      await docsScreenshot(page, `accounts-${look.language}-${look.theme}`);
      await page.goto('/admin/account');
      await visible(page, page.getByText(look.language === 'en-US' ? 'This device' : '当前设备'));
      await expectNoAxeFindings(page, `account ${look.language} ${look.theme}`);
      await context.close();
    }
  });
});
