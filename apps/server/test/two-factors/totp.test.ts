import type { AccountMe } from '@pastebox/contract/schemas/account';
import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type { TwoFactorOverview } from '@pastebox/contract/schemas/two-factors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signIn } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { codeAt, enrolTotp, nextStep, passwordStep, signInWithTotp } from './support';

/** TOTP and recovery codes (issue 32): enrol, sign in in two steps, never a code twice. */
describe(`two factors: TOTP and recovery codes (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const secondFactor = (challenge: string, method: string, code: string) =>
    server.anon.post<LoginResult>('/api/auth/second-factor', { challenge, method, code });

  it('enrols an app, then signs in with the password and a code only', async () => {
    const member = await createMember(admin);
    const { secret, recoveryCodes } = await enrolTotp(server, member.client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const overview = await member.client.get<TwoFactorOverview>('/api/account/two-factor');
    expect(overview.body.data).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
      required: false,
    });

    const { challenge, methods } = await passwordStep(
      server.anon,
      member.username,
      member.password,
    );
    expect(methods).toEqual(['totp', 'recovery']);
    const done = await secondFactor(challenge, 'totp', codeAt(server, secret));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ username: member.username, role: 'member' });
    const client = server.anon.withAuth(`Bearer ${done.body.data.token}`);
    expect((await client.get<AccountMe>('/api/account')).body.data.username).toBe(member.username);
    const sessions =
      await client.get<{ method: string; current: boolean }[]>('/api/account/sessions');
    expect(sessions.body.data.find((s) => s.current)?.method).toBe('totp');
    // The challenge was used: it opens no second session.
    nextStep(server);
    expect((await secondFactor(challenge, 'totp', codeAt(server, secret))).body.error).toBe(
      'SIGN_IN_CHALLENGE_INVALID',
    );
  });

  it('refuses a code a second time, even on a new challenge', async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    const code = codeAt(server, secret);
    const first = await passwordStep(server.anon, member.username, member.password);
    expect((await secondFactor(first.challenge, 'totp', code)).status).toBe(200);
    const second = await passwordStep(server.anon, member.username, member.password);
    const replay = await secondFactor(second.challenge, 'totp', code);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('SECOND_FACTOR_INVALID');
  });

  it('accepts a code one step either side of now, not two', async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    nextStep(server);
    nextStep(server);
    const { challenge } = await passwordStep(server.anon, member.username, member.password);
    expect((await secondFactor(challenge, 'totp', codeAt(server, secret, -2))).status).toBe(401);
    expect((await secondFactor(challenge, 'totp', codeAt(server, secret, 2))).status).toBe(401);
    expect((await secondFactor(challenge, 'totp', codeAt(server, secret, -1))).status).toBe(200);
    const again = await passwordStep(server.anon, member.username, member.password);
    // A later step than the one used is still new.
    expect((await secondFactor(again.challenge, 'totp', codeAt(server, secret, 1))).status).toBe(
      200,
    );
  });

  it('ends the challenge after 5 wrong codes', async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    const { challenge } = await passwordStep(server.anon, member.username, member.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await secondFactor(challenge, 'totp', '000000');
      expect(wrong.body.error).toBe('SECOND_FACTOR_INVALID');
    }
    const right = await secondFactor(challenge, 'totp', codeAt(server, secret));
    expect(right.status).toBe(401);
    expect(right.body.error).toBe('SIGN_IN_CHALLENGE_INVALID');
  });

  it('ends a challenge after 5 minutes', async () => {
    const member = await createMember(admin);
    const { secret } = await enrolTotp(server, member.client);
    const { challenge } = await passwordStep(server.anon, member.username, member.password);
    server.clock.advance(5 * 60_000 + 1);
    const late = await secondFactor(challenge, 'totp', codeAt(server, secret));
    expect(late.body.error).toBe('SIGN_IN_CHALLENGE_INVALID');
  });

  it('takes each recovery code once', async () => {
    const member = await createMember(admin);
    const { recoveryCodes } = await enrolTotp(server, member.client);
    const [code] = recoveryCodes as [string];
    const first = await passwordStep(server.anon, member.username, member.password);
    const used = await secondFactor(first.challenge, 'recovery', code.toUpperCase());
    expect(used.status).toBe(200);
    const second = await passwordStep(server.anon, member.username, member.password);
    expect((await secondFactor(second.challenge, 'recovery', code)).body.error).toBe(
      'SECOND_FACTOR_INVALID',
    );
    const client = server.anon.withAuth(`Bearer ${used.body.data.token}`);
    const overview = await client.get<TwoFactorOverview>('/api/account/two-factor');
    expect(overview.body.data.recovery_codes_left).toBe(9);
    // New codes (current password) end the old ones.
    const renewed = await client.post<{ recovery_codes: string[] }>('/api/account/recovery-codes', {
      password: member.password,
    });
    expect(renewed.status).toBe(200);
    const third = await passwordStep(server.anon, member.username, member.password);
    expect((await secondFactor(third.challenge, 'recovery', recoveryCodes[1] ?? '')).status).toBe(
      401,
    );
    const fresh = renewed.body.data.recovery_codes[0] ?? '';
    expect((await secondFactor(third.challenge, 'recovery', fresh)).status).toBe(200);
  });

  it('ends the other sessions when a factor is added or removed', async () => {
    const member = await createMember(admin);
    const other = await signIn(server.anon, member.username, member.password);
    const { secret } = await enrolTotp(server, member.client);
    expect((await other.get('/api/account')).status).toBe(401);
    expect((await member.client.get('/api/account')).status).toBe(200);
    const third = await signInWithTotp(server, member.username, member.password, secret);
    const wrong = await member.client.request('DELETE', '/api/account/totp', { password: 'nope' });
    expect(wrong.body.error).toBe('VERIFICATION_FAILED');
    const removed = await member.client.request('DELETE', '/api/account/totp', {
      password: member.password,
    });
    expect(removed.status).toBe(200);
    expect((await third.get('/api/account')).status).toBe(401);
    expect((await member.client.get('/api/account')).status).toBe(200);
    // Without a factor, the password alone signs in again.
    await signIn(server.anon, member.username, member.password);
  });

  it('replaces an unconfirmed setup and refuses a second app', async () => {
    const member = await createMember(admin);
    const first = await member.client.post<{ secret: string }>('/api/account/totp/setup', {});
    const second = await member.client.post<{ secret: string }>('/api/account/totp/setup', {});
    expect(second.body.data.secret).not.toBe(first.body.data.secret);
    const stale = await member.client.post('/api/account/totp/confirm', {
      code: codeAt(server, first.body.data.secret),
    });
    expect(stale.body.error).toBe('SECOND_FACTOR_INVALID');
    await member.client.post('/api/account/totp/confirm', {
      code: codeAt(server, second.body.data.secret),
    });
    const again = await member.client.post('/api/account/totp/setup', {});
    expect(again.body.error).toBe('TOTP_ALREADY_ENABLED');
  });
});
