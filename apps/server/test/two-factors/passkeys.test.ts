import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type {
  AddedPasskey,
  PasskeyOptionsResult,
  TwoFactorOverview,
} from '@pastebox/contract/schemas/two-factors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signIn, type TestMember } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { SoftAuthenticator } from './authenticator';
import { passwordStep } from './support';

interface RegistrationOptions {
  options: { challenge: string; user: { id: string }; rp: { id: string } };
}

/** Passkeys (issue 32): a real WebAuthn ceremony, signed by a key made in the test. */
describe(`two factors: passkeys (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let rpId: string;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    rpId = new URL(server.baseUrl).hostname;
  });
  afterAll(() => server.close());

  async function addPasskey(member: TestMember, name = 'laptop') {
    const authenticator = new SoftAuthenticator(rpId, server.baseUrl);
    const options = await member.client.post<RegistrationOptions>(
      '/api/account/passkeys/options',
      {},
    );
    expect(options.status).toBe(200);
    expect(options.body.data.options.rp.id).toBe(rpId);
    const added = await member.client.post<AddedPasskey>('/api/account/passkeys', {
      name,
      response: authenticator.register(options.body.data.options),
    });
    expect(added.status).toBe(200);
    return { authenticator, passkey: added.body.data };
  }

  const verify = (body: object) => server.anon.post<LoginResult>('/api/auth/passkey/verify', body);

  it('registers a passkey and signs in with it as the second factor', async () => {
    const member = await createMember(admin);
    const other = await signIn(server.anon, member.username, member.password);
    const { authenticator, passkey } = await addPasskey(member);
    expect(passkey).toMatchObject({ name: 'laptop', last_used_at: null });
    expect((await other.get('/api/account')).status).toBe(401);

    const { challenge, methods } = await passwordStep(
      server.anon,
      member.username,
      member.password,
    );
    expect(methods).toEqual(['passkey']);
    const options = await server.anon.post<PasskeyOptionsResult>('/api/auth/passkey/options', {
      challenge,
    });
    expect(options.status).toBe(200);
    const allowed = options.body.data.options.allowCredentials as { id: string }[];
    expect(allowed.map((item) => item.id)).toEqual([authenticator.id]);
    const { ceremony } = options.body.data;
    const response = authenticator.assert(ceremony);
    // The ceremony was opened for the password step: it does not stand without it.
    expect((await verify({ ceremony, response })).body.error).toBe('SIGN_IN_CHALLENGE_INVALID');
    const done = await verify({ challenge, ceremony, response });
    expect(done.status).toBe(200);
    expect(done.body.data.username).toBe(member.username);
    const client = server.anon.withAuth(`Bearer ${done.body.data.token}`);
    const sessions =
      await client.get<{ method: string; current: boolean }[]>('/api/account/sessions');
    expect(sessions.body.data.find((s) => s.current)?.method).toBe('passkey');
    const overview = await client.get<TwoFactorOverview>('/api/account/two-factor');
    expect(overview.body.data.passkeys[0]?.last_used_at).toEqual(expect.any(String));
    // The same signed answer again: the ceremony and the step are spent.
    expect((await verify({ challenge, ceremony, response })).status).toBe(401);
  });

  it('signs in without a password with a discoverable passkey', async () => {
    const member = await createMember(admin);
    const { authenticator } = await addPasskey(member);
    const options = await server.anon.post<PasskeyOptionsResult>('/api/auth/passkey/options', {});
    expect(options.body.data.options.allowCredentials ?? []).toEqual([]);
    const { ceremony } = options.body.data;
    const done = await verify({ ceremony, response: authenticator.assert(ceremony) });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ username: member.username, role: 'member' });
  });

  it('refuses a forged signature, another origin, and a password-less sign-in without user verification', async () => {
    const member = await createMember(admin);
    const { authenticator } = await addPasskey(member);
    const stranger = new SoftAuthenticator(rpId, server.baseUrl);
    const open = async () =>
      (await server.anon.post<PasskeyOptionsResult>('/api/auth/passkey/options', {})).body.data
        .ceremony;

    // Another key claiming this credential id: the signature does not verify.
    let ceremony = await open();
    const forged = { ...stranger.assert(ceremony), id: authenticator.id, rawId: authenticator.id };
    expect((await verify({ ceremony, response: forged })).body.error).toBe('SECOND_FACTOR_INVALID');
    ceremony = await open();
    const phished = authenticator.assert(ceremony, { origin: 'https://evil.example' });
    expect((await verify({ ceremony, response: phished })).body.error).toBe(
      'SECOND_FACTOR_INVALID',
    );
    ceremony = await open();
    const unverified = authenticator.assert(ceremony, { userVerified: false });
    expect((await verify({ ceremony, response: unverified })).body.error).toBe(
      'SECOND_FACTOR_INVALID',
    );
    ceremony = await open();
    const unknown = stranger.assert(ceremony);
    expect((await verify({ ceremony, response: unknown })).body.error).toBe(
      'SECOND_FACTOR_INVALID',
    );
    // A signed answer for another ceremony than the one named.
    const first = await open();
    const second = await open();
    const crossed = authenticator.assert(first);
    expect((await verify({ ceremony: second, response: crossed })).body.error).toBe(
      'SECOND_FACTOR_INVALID',
    );
    ceremony = await open();
    expect((await verify({ ceremony, response: authenticator.assert(ceremony) })).status).toBe(200);
  });

  it('removes a passkey, ending the other sessions; the password alone signs in again', async () => {
    const member = await createMember(admin);
    const { passkey } = await addPasskey(member);
    const overview = await member.client.get<TwoFactorOverview>('/api/account/two-factor');
    expect(overview.body.data.passkeys.map((item) => item.id)).toEqual([passkey.id]);
    const removed = await member.client.delete(`/api/account/passkeys/${passkey.id}`);
    expect(removed.status).toBe(200);
    expect((await member.client.delete(`/api/account/passkeys/${passkey.id}`)).body.error).toBe(
      'PASSKEY_NOT_FOUND',
    );
    await signIn(server.anon, member.username, member.password);
  });

  it('enrols a passkey with the enrolment step when two factors are required', async () => {
    const member = await createMember(admin);
    await admin.put('/api/admin/security-settings', { require_two_factor: true });
    try {
      const login = await server.anon.post('/api/admin/login', {
        username: member.username,
        password: member.password,
      });
      expect(login.body.error).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      const challenge = login.body.details?.find((d) => d.path === 'challenge')?.message;
      const options = await server.anon.post<RegistrationOptions>('/api/account/passkeys/options', {
        challenge,
      });
      expect(options.status).toBe(200);
      const authenticator = new SoftAuthenticator(rpId, server.baseUrl);
      const added = await server.anon.post<AddedPasskey>('/api/account/passkeys', {
        challenge,
        name: 'phone',
        response: authenticator.register(options.body.data.options),
      });
      expect(added.status).toBe(200);
      expect(added.body.data.login?.username).toBe(member.username);
    } finally {
      await admin.put('/api/admin/security-settings', { require_two_factor: false });
    }
  });
});
