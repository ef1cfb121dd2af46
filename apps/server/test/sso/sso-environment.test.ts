import type { AccountMe } from '@pastebox/contract/schemas/account';
import type { SsoSettings } from '@pastebox/contract/schemas/sso';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import {
  browse,
  fragmentOf,
  startTestProvider,
  type TestPerson,
  type TestProvider,
} from './oidc-provider';

const SECRET = 'environment-client-secret-42';

/** SSO configured by OIDC_* variables (issue 32): the environment wins over Settings. */
describe(`single sign-on from the environment (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let idp: TestProvider;

  beforeAll(async () => {
    idp = await startTestProvider();
    server = await startTestServer(
      {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'pastebox-env',
        OIDC_CLIENT_SECRET: SECRET,
        OIDC_SCOPES: 'openid email profile groups',
        OIDC_NAME: 'Env SSO',
        OIDC_ROLE_CLAIM: 'groups',
        OIDC_ADMIN_VALUES: 'ops,root',
        OIDC_MEMBER_PERMISSIONS: 'text,file',
        OIDC_HIDE_PASSWORD_FORM: 'true',
      },
      { taskRunner: false },
    );
    idp.register([
      {
        clientId: 'pastebox-env',
        clientSecret: SECRET,
        redirectUris: [`${server.baseUrl}/api/auth/sso/callback`],
      },
    ]);
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  async function signIn(who: TestPerson): Promise<Record<string, string>> {
    idp.signInAs(who);
    return fragmentOf(await browse(`${server.baseUrl}/api/auth/sso/start`, idp));
  }

  it('is on, with the label and the hidden password form the environment gives', async () => {
    const info = await server.anon.get('/api/auth/sso');
    expect(info.body.data).toEqual({ enabled: true, name: 'Env SSO', hide_password_form: true });
  });

  it('answers the fields the environment fixes, and keeps them over a Settings change', async () => {
    const put = await admin.put<SsoSettings>('/api/admin/sso-settings', {
      enabled: false,
      issuer: 'https://elsewhere.example',
      client_secret: 'another-secret',
      name: 'Changed',
      member_basic_path: '/sso',
    });
    expect(put.status).toBe(200);
    const read = await admin.get<SsoSettings>('/api/admin/sso-settings');
    expect(read.body.data).toMatchObject({
      enabled: true,
      issuer: idp.issuer,
      client_id: 'pastebox-env',
      client_secret_set: true,
      name: 'Env SSO',
      member_permissions: { text: true, file: true, mount: false },
      // Not fixed by the environment: Settings applies.
      member_basic_path: '/sso',
    });
    expect(read.body.data.fixed_by_environment).toEqual(
      expect.arrayContaining(['enabled', 'issuer', 'client_id', 'client_secret', 'name']),
    );
    expect(read.body.data.fixed_by_environment).not.toContain('member_basic_path');
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    expect(JSON.stringify(put.body)).not.toContain(SECRET);
  });

  it('signs in with the environment client, rights and role mapping', async () => {
    const member = await signIn({ sub: 'env-1', email: 'dana@example.com', email_verified: true });
    expect(member).toMatchObject({ role: 'member', username: 'dana@example.com' });
    const me = await server.anon
      .withAuth(`Bearer ${member.token ?? ''}`)
      .get<AccountMe>('/api/account');
    expect(me.body.data).toMatchObject({
      permissions: { text: true, file: true, mount: false },
      basic_path: '/sso',
    });
    const root = await signIn({ sub: 'env-2', preferred_username: 'erin', groups: ['root'] });
    expect(root).toMatchObject({ role: 'admin', username: 'erin' });
  });

  it('never demotes the last enabled admin', async () => {
    const ops = { sub: 'env-ops', preferred_username: 'olga', groups: ['ops'] };
    const first = await signIn(ops);
    expect(first.role).toBe('admin');
    const olga = server.anon.withAuth(`Bearer ${first.token ?? ''}`);
    // Every other admin is disabled: olga is the last one.
    const others = await olga.get<{ items: { id: string; username: string }[] }>(
      '/api/admin/accounts?role=admin&limit=100',
    );
    for (const account of others.body.data.items.filter((item) => item.username !== 'olga')) {
      const res = await olga.put(`/api/admin/accounts/${account.id}`, { disabled: true });
      expect(res.status).toBe(200);
    }
    const demoted = await signIn({ ...ops, groups: [] });
    expect(demoted.role).toBe('admin');
  });

  it('rate-limits the callback per address, counted before the exchange', async () => {
    let last: Record<string, string> = {};
    for (let attempt = 0; attempt < 25 && last.error !== 'RATE_LIMITED'; attempt += 1) {
      const res = await fetch(
        `${server.baseUrl}/api/auth/sso/callback?code=guess${attempt}&state=guess${attempt}`,
        { redirect: 'manual' },
      );
      last = fragmentOf(res.headers.get('location') ?? '');
    }
    expect(last).toEqual({ error: 'RATE_LIMITED' });
  });
});
