import type { AccountItem, AccountMe, AccountWithInvite } from '@pastebox/contract/schemas/account';
import type { AuditList } from '@pastebox/contract/schemas/audit';
import type { SsoSettings, UpdateSsoSettingsBody } from '@pastebox/contract/schemas/sso';
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

const CLIENT = { clientId: 'pastebox', clientSecret: 'client-secret-for-tests-0123' };

/** Single sign-on against a real OpenID provider (issue 32): the code flow, end to end. */
describe(`single sign-on (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let idp: TestProvider;
  let people = 0;

  beforeAll(async () => {
    idp = await startTestProvider();
    server = await startTestServer({}, { taskRunner: false });
    idp.register([{ ...CLIENT, redirectUris: [`${server.baseUrl}/api/auth/sso/callback`] }]);
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  const baseline: UpdateSsoSettingsBody = {
    allowed_email_domains: [],
    create_accounts: true,
  };

  async function configure(body: UpdateSsoSettingsBody): Promise<SsoSettings> {
    const res = await admin.put<SsoSettings>('/api/admin/sso-settings', body);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** A new person at the provider (a unique subject and e-mail per call). */
  function person(overrides: Partial<TestPerson> = {}): TestPerson {
    people += 1;
    const id = `${people}-${Math.random().toString(36).slice(2, 8)}`;
    return {
      sub: `subject-${id}`,
      email: `person${id}@example.com`,
      email_verified: true,
      preferred_username: `person${id}`,
      name: `Person ${id}`,
      groups: ['staff'],
      ...overrides,
    };
  }

  /** Signs `who` in through the whole flow; the fields of the web app's fragment. */
  async function signIn(who: TestPerson, returnTo = '/admin'): Promise<Record<string, string>> {
    idp.signInAs(who);
    const start = `${server.baseUrl}/api/auth/sso/start?return_to=${encodeURIComponent(returnTo)}`;
    const location = await browse(start, idp);
    expect(location.startsWith(`${server.baseUrl}/sso/complete#`)).toBe(true);
    return fragmentOf(location);
  }

  function sessionOf(token: string | undefined): ApiClient {
    expect(token).toEqual(expect.any(String));
    return server.anon.withAuth(`Bearer ${token ?? ''}`);
  }

  it('is off until configured, and says so', async () => {
    const info = await server.anon.get('/api/auth/sso');
    expect(info.body.data).toEqual({ enabled: false, name: 'SSO', hide_password_form: false });
    const refused = await fetch(`${server.baseUrl}/api/auth/sso/start`, { redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(fragmentOf(refused.headers.get('location') ?? '')).toEqual({
      error: 'SSO_NOT_CONFIGURED',
    });
  });

  it('stores the settings, answering only whether a secret is set', async () => {
    const settings = await configure({
      enabled: true,
      name: 'Company account',
      issuer: idp.issuer,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      scopes: 'openid profile email groups',
      claim: 'groups',
      admin_values: ['pastebox-admins'],
      member_permissions: { text: true, file: false, mount: false },
      member_basic_path: '/team',
      create_accounts: true,
    });
    expect(settings).toMatchObject({
      enabled: true,
      client_secret_set: true,
      redirect_uri: `${server.baseUrl}/api/auth/sso/callback`,
      fixed_by_environment: [],
    });
    const read = await admin.get<SsoSettings>('/api/admin/sso-settings');
    expect(JSON.stringify(read.body)).not.toContain(CLIENT.clientSecret);
    expect(read.body.data).not.toHaveProperty('client_secret');
    // Stored sealed, not in clear.
    const row = await server.deps.db
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', 'sso_settings')
      .executeTakeFirstOrThrow();
    expect(row.value).not.toContain(CLIENT.clientSecret);
    const info = await server.anon.get('/api/auth/sso');
    expect(info.body.data).toEqual({
      enabled: true,
      name: 'Company account',
      hide_password_form: false,
    });
    const member = await server.anon.put('/api/admin/sso-settings', { enabled: false });
    expect(member.status).toBe(401);
  });

  it('creates a member with the mapped rights on first sign-in, the same one after', async () => {
    const who = person();
    const first = await signIn(who);
    expect(first).toMatchObject({ role: 'member', username: who.preferred_username });
    expect(first.return_to).toBe('/admin');
    expect(first.expires).toEqual(expect.any(String));
    const me = await sessionOf(first.token).get<AccountMe>('/api/account');
    expect(me.body.data).toMatchObject({
      username: who.preferred_username,
      email: who.email,
      display_name: who.name,
      role: 'member',
      permissions: { text: true, file: false, mount: false },
      basic_path: '/team',
    });
    const sessions = await sessionOf(first.token).get<{ method: string }[]>(
      '/api/account/sessions',
    );
    expect(sessions.body.data.map((session) => session.method)).toEqual(['sso']);
    const again = await signIn(who);
    expect(again.username).toBe(who.preferred_username);
    const list = await admin.get<{ items: AccountItem[] }>(
      `/api/admin/accounts?search=${who.preferred_username ?? ''}`,
    );
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]?.has_password).toBe(false);
    // The sign-ins are in the audit log, with their method.
    const audit = await admin.get<AuditList>('/api/admin/audit?action=auth.sign_in&limit=200');
    const mine = audit.body.data.items.filter(
      (entry) => entry.actor_name === who.preferred_username,
    );
    expect(mine.length).toBe(2);
    expect(mine[0]).toMatchObject({ outcome: 'success', detail: { method: 'sso' } });
  });

  it('maps the groups claim to the admin role, and back on the next sign-in', async () => {
    const who = person({ groups: ['staff', 'pastebox-admins'] });
    const signedIn = await signIn(who);
    expect(signedIn.role).toBe('admin');
    const asAdmin = sessionOf(signedIn.token);
    expect((await asAdmin.get('/api/admin/accounts')).status).toBe(200);
    // The provider took the group away: the next sign-in is a member's.
    const demoted = await signIn({ ...who, groups: ['staff'] });
    expect(demoted.role).toBe('member');
    expect((await sessionOf(demoted.token).get('/api/admin/accounts')).status).toBe(403);
  });

  it('refuses an e-mail domain outside the allow-list', async () => {
    await configure({ allowed_email_domains: ['example.com'] });
    try {
      expect(await signIn(person({ email: 'someone@elsewhere.org' }))).toEqual({
        error: 'SSO_DOMAIN_NOT_ALLOWED',
      });
      const unverified = person({ email_verified: false });
      expect((await signIn(unverified)).error).toBe('SSO_DOMAIN_NOT_ALLOWED');
      expect((await signIn(person())).role).toBe('member');
      const audit = await admin.get<AuditList>('/api/admin/audit?action=auth.sign_in&limit=200');
      expect(audit.body.data.items).toContainEqual(
        expect.objectContaining({
          outcome: 'failure',
          actor_name: 'someone@elsewhere.org',
          detail: { method: 'sso', error: 'SSO_DOMAIN_NOT_ALLOWED' },
        }),
      );
    } finally {
      await configure(baseline);
    }
  });

  it('with create_accounts off, refuses a stranger and links an account by verified e-mail', async () => {
    await configure({ create_accounts: false });
    try {
      expect(await signIn(person())).toEqual({ error: 'SSO_NO_ACCOUNT' });
      const existing = await admin.post<AccountWithInvite>('/api/admin/accounts', {
        username: `carol${people}`,
        password: 'carol-password-1',
        email: `Carol${people}@Example.com`,
        text_permission: true,
      });
      expect(existing.status).toBe(201);
      const carol = person({
        email: `carol${people}@example.com`,
        preferred_username: 'carol-idp',
      });
      // Not verified: the address links nothing.
      expect(await signIn({ ...carol, email_verified: false })).toEqual({
        error: 'SSO_NO_ACCOUNT',
      });
      const linked = await signIn(carol);
      expect(linked.username).toBe(existing.body.data.account.username);
      // Linked by subject from now on, whatever the e-mail becomes.
      const later = await signIn({ ...carol, email: 'carol-new@example.com' });
      expect(later.username).toBe(existing.body.data.account.username);
    } finally {
      await configure(baseline);
    }
  });

  it('refuses a disabled account', async () => {
    const who = person();
    const first = await signIn(who);
    const me = await sessionOf(first.token).get<AccountMe>('/api/account');
    const disable = await admin.put(`/api/admin/accounts/${me.body.data.id}`, { disabled: true });
    expect(disable.status).toBe(200);
    expect(await signIn(who)).toEqual({ error: 'ACCOUNT_DISABLED' });
  });

  it('uses a sign-in state once: a replayed callback is refused', async () => {
    idp.signInAs(person());
    const callback = await browse(`${server.baseUrl}/api/auth/sso/start`, idp, {
      stopAtCallback: true,
    });
    expect(callback.startsWith(`${server.baseUrl}/api/auth/sso/callback?`)).toBe(true);
    const first = await fetch(callback, { redirect: 'manual' });
    expect(fragmentOf(first.headers.get('location') ?? '').token).toEqual(expect.any(String));
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(fragmentOf(replay.headers.get('location') ?? '')).toEqual({ error: 'SSO_FAILED' });
    // A forged state never matched anything.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const refused = await fetch(forged, { redirect: 'manual' });
    expect(fragmentOf(refused.headers.get('location') ?? '')).toEqual({ error: 'SSO_FAILED' });
  });

  it('never sends the browser elsewhere after signing in', async () => {
    const signedIn = await signIn(person(), '//evil.example/steal');
    expect(signedIn.return_to).toBe('/');
  });

  it('records settings changes in the audit log, without the secret', async () => {
    await configure({ name: 'Company account', client_secret: CLIENT.clientSecret });
    const audit = await admin.get<AuditList>('/api/admin/audit?action=settings.update&limit=200');
    expect(audit.body.data.items[0]).toMatchObject({
      actor_name: 'admin',
      outcome: 'success',
      detail: { status: 200 },
    });
    expect(JSON.stringify(audit.body.data.items)).not.toContain(CLIENT.clientSecret);
  });
});
