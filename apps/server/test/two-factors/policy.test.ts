import type { AuditEvent, AuditList } from '@pastebox/contract/schemas/audit';
import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type {
  TotpConfirmResult,
  TotpSetupResult,
  TwoFactorOverview,
} from '@pastebox/contract/schemas/two-factors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signIn } from '../accounts/builders';
import { fromAddress } from '../auth/from-address';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { codeAt, detailOf, enrolTotp, nextStep, passwordStep, signInWithTotp } from './support';

/** What the server asks of everyone, what the admin can undo, and how guessing is slowed. */
describe(`two factors: policy, reset, rate limits (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' }, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('requires two factors: the password step only lets the account enrol, then signs it in', async () => {
    const member = await createMember(admin);
    const already = member.client;
    const required = await admin.put('/api/admin/security-settings', { require_two_factor: true });
    expect(required.status).toBe(200);
    try {
      const login = await server.anon.post('/api/admin/login', {
        username: member.username,
        password: member.password,
      });
      expect(login.status).toBe(401);
      expect(login.body.error).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      const challenge = detailOf(login, 'challenge');
      // The step is no session: nothing but the enrolment calls take it.
      const asBearer = server.anon.withAuth(`Bearer ${challenge}`);
      expect((await asBearer.get('/api/account')).status).toBe(401);
      expect((await server.anon.get('/api/account/two-factor')).status).toBe(401);
      const setup = await server.anon.post<TotpSetupResult>('/api/account/totp/setup', {
        challenge,
      });
      expect(setup.status).toBe(200);
      const confirm = await server.anon.post<TotpConfirmResult>('/api/account/totp/confirm', {
        challenge,
        code: codeAt(server, setup.body.data.secret),
      });
      expect(confirm.status).toBe(200);
      expect(confirm.body.data.recovery_codes).toHaveLength(10);
      const session = confirm.body.data.login;
      expect(session?.username).toBe(member.username);
      const client = server.anon.withAuth(`Bearer ${session?.token ?? ''}`);
      const overview = await client.get<TwoFactorOverview>('/api/account/two-factor');
      expect(overview.body.data).toMatchObject({ totp: true, required: true });
      // The step is spent, and the session from before enrolment ended with the new factor.
      const reuse = await server.anon.post('/api/account/totp/setup', { challenge });
      expect(reuse.body.error).toBe('SIGN_IN_CHALLENGE_INVALID');
      expect((await already.get('/api/account')).status).toBe(401);
      nextStep(server);
      await signInWithTotp(server, member.username, member.password, setup.body.data.secret);
    } finally {
      await admin.put('/api/admin/security-settings', { require_two_factor: false });
    }
  });

  it("lets the admin reset an account's factors, ending its sessions", async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    const app = await member.client.post<{ password: string }>('/api/account/app-passwords', {
      name: 'laptop',
    });
    expect(app.status).toBe(201);
    const session = await signInWithTotp(server, member.username, member.password, secret);
    const refused = await member.client.post(`/api/admin/accounts/${member.id}/two-factor/reset`);
    expect(refused.status).toBe(403);
    const reset = await admin.post<{ ended: number }>(
      `/api/admin/accounts/${member.id}/two-factor/reset`,
    );
    expect(reset.status).toBe(200);
    expect(reset.body.data.ended).toBe(2);
    expect((await session.get('/api/account')).status).toBe(401);
    const client = await signIn(server.anon, member.username, member.password);
    const overview = await client.get<TwoFactorOverview>('/api/account/two-factor');
    expect(overview.body.data).toMatchObject({ totp: false, passkeys: [], recovery_codes_left: 0 });
    expect(overview.body.data.app_passwords.map((item) => item.name)).toEqual(['laptop']);
    const missing = await admin.post('/api/admin/accounts/no-such-account/two-factor/reset');
    expect(missing.body.error).toBe('ACCOUNT_NOT_FOUND');
  });

  it('counts second-factor guesses before checking them: a parallel burst gets 10', async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    const client = fromAddress(server.baseUrl, '198.51.100.7');
    const challenges: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const login = await client('POST', '/api/admin/login', {
        body: { username: member.username, password: member.password },
      });
      expect(login.body.error).toBe('SECOND_FACTOR_REQUIRED');
      challenges.push(login.body.details?.find((d) => d.path === 'challenge')?.message ?? '');
    }
    // 3 challenges × 4 wrong codes, all at once: the step allows 5 each, the address 10.
    const burst = await Promise.all(
      challenges.flatMap((challenge) =>
        Array.from({ length: 4 }, () =>
          client('POST', '/api/auth/second-factor', {
            body: { challenge, method: 'totp', code: '000000' },
          }),
        ),
      ),
    );
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const right = await client('POST', '/api/auth/second-factor', {
      body: { challenge: challenges[2], method: 'totp', code: codeAt(server, secret) },
    });
    expect(right.status).toBe(429);
    // Another address is not slowed by this one.
    const elsewhere = fromAddress(server.baseUrl, '198.51.100.8');
    const login = await elsewhere('POST', '/api/admin/login', {
      body: { username: member.username, password: member.password },
    });
    const challenge = login.body.details?.find((d) => d.path === 'challenge')?.message;
    const done = await elsewhere<LoginResult>('POST', '/api/auth/second-factor', {
      body: { challenge, method: 'totp', code: codeAt(server, secret) },
    });
    expect(done.status).toBe(200);
  });

  it('records the sign-in steps and factor changes in the audit log', async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    const { challenge } = await passwordStep(server.anon, member.username, member.password);
    await server.anon.post('/api/auth/second-factor', {
      challenge,
      method: 'totp',
      code: codeAt(server, secret),
    });
    const list = async (action: string): Promise<AuditEvent[]> => {
      const res = await admin.get<AuditList>(`/api/admin/audit?limit=200&action=${action}`);
      return res.body.data.items.filter((entry) => entry.actor_name === member.username);
    };
    await expect.poll(async () => (await list('auth.sign_in')).length).toBeGreaterThan(1);
    const signIns = await list('auth.sign_in');
    expect(signIns.find((entry) => entry.outcome === 'success')).toMatchObject({
      actor_type: 'account',
      detail: { method: 'totp' },
    });
    expect(signIns.find((entry) => entry.outcome === 'failure')).toMatchObject({
      detail: { error: 'SECOND_FACTOR_REQUIRED' },
    });
    const added = await list('account.factor_add');
    expect(added[0]).toMatchObject({ outcome: 'success', detail: { method: 'totp' } });
  });
});
