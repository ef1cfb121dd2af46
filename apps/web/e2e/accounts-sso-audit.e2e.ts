import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../server/test/sso/oidc-provider';
import { formatFindings, seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS as LOOKS } from './support/looks';
import { visible } from './support/ui';

/**
 * Issue 32, "done when": single sign-on against a real OpenID provider (oidc-provider, in
 * this process), its group mapped to the admin role; then the audit page shows the sign-ins
 * — the SSO one, a password one and a failed one — filters them and exports them as CSV.
 */

async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, formatFindings(screen, findings)).toEqual([]);
}

describe('single sign-on and the audit log', () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(async () => {
    await provider.close();
  });
  const journey = useJourney(() => ({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'pastebox',
    OIDC_CLIENT_SECRET: 'pastebox-client-secret',
    OIDC_NAME: 'Acme account',
    OIDC_SCOPES: 'openid profile email groups',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ADMIN_VALUES: 'pastebox-admins',
    OIDC_MEMBER_PERMISSIONS: 'text,file',
  }));
  beforeAll(() => {
    provider.register([
      {
        clientId: 'pastebox',
        clientSecret: 'pastebox-client-secret',
        redirectUris: [`${journey.server.baseUrl}/api/auth/sso/callback`],
      },
    ]);
  });

  it('signs a person in through the provider, its group making it an admin', async () => {
    provider.signInAs({
      sub: 'fox-1',
      email: 'fox@acme.test',
      email_verified: true,
      preferred_username: 'fox',
      name: 'Fox Mulder',
      groups: ['pastebox-admins'],
    });
    for (const look of LOOKS) {
      const { context, page } = await journey.open('/admin', { ...look, asAdmin: false });
      const button = await visible(
        page,
        page.getByRole('button', {
          name: look.language === 'en-US' ? 'Sign in with Acme account' : /Acme account/,
        }),
      );
      await expectNoAxeFindings(page, `login with SSO ${look.language} ${look.theme}`);
      if (look.language === 'en-US' && look.theme === 'light') {
        await docsScreenshot(page, 'login-sso-en-US-light');
        await button.click();
        await expect
          .poll(() => new URL(page.url()).pathname, { timeout: 30_000 })
          .toBe('/admin/dashboard');
        await visible(page, page.getByText(/Signed in as (Fox Mulder|fox)/));
        // The token came in the fragment, which is gone from the address bar.
        expect(new URL(page.url()).hash).toBe('');
      }
      await context.close();
    }
    const accounts = await journey.call<{ items: { username: string; role: string }[] }>(
      'GET',
      '/admin/accounts?search=fox',
    );
    expect(accounts.items.map((item) => [item.username, item.role])).toEqual([['fox', 'admin']]);
  });

  it('shows who signed in and how on the audit page, filters it and exports CSV', async () => {
    await fetch(`${journey.server.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Guesser/1.0' },
      body: JSON.stringify({ username: 'fox', password: 'not-the-password' }),
    });
    const { context, page } = await journey.open('/admin/audit', {
      language: 'en-US',
      theme: 'light',
    });
    await visible(page, page.getByText('fox').first());
    await visible(
      page,
      page
        .locator('table')
        .getByText(/^Failure$/)
        .first(),
    );
    await expectNoAxeFindings(page, 'audit page');
    await docsScreenshot(page, 'audit-en-US-light');

    // Filtered by actor: only the admin's own sign-in is left.
    await page.getByPlaceholder('Actor: username, key name or id').fill('admin');
    await expect.poll(() => page.locator('table').getByText('fox').count()).toBe(0);
    await visible(page, page.locator('table').getByText('admin').first());
    await page.getByPlaceholder('Actor: username, key name or id').fill('');
    await visible(page, page.locator('table').getByText('fox').first());

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'at,actor_type,actor_id,actor_name,ip,user_agent,action,target,outcome,detail',
    );
    expect(csv).toMatch(/auth\.sign_in,[^\r\n]*,success,"\{""method"":""sso""/);
    expect(csv).toMatch(/Guesser\/1\.0,auth\.sign_in,[^\r\n]*,failure,/);
    await context.close();

    for (const look of LOOKS.filter((pair) => pair.language === 'zh-CN')) {
      const opened = await journey.open('/admin/audit', look);
      await visible(opened.page, opened.page.getByText('fox').first());
      await expectNoAxeFindings(opened.page, `audit ${look.language} ${look.theme}`);
      await opened.context.close();
    }
  });
});
