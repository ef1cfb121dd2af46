import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type { TotpConfirmResult, TotpSetupResult } from '@pastebox/contract/schemas/two-factors';
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { ApiClient, ApiResponse } from '../support/api-client';
import type { TestServer } from '../support/test-server';

/** A code as an authenticator app would show it at the server's (test) time, `steps` away. */
export function codeAt(server: TestServer, secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: server.clock.now().getTime() + steps * 30_000,
  });
}

/** Moves the server's clock to the next 30-second step, so the next code is a fresh one. */
export function nextStep(server: TestServer): void {
  server.clock.advance(30_000);
}

/** Sets up and confirms an authenticator app for a signed-in client. */
export async function enrolTotp(
  server: TestServer,
  client: ApiClient,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post<TotpSetupResult>('/api/account/totp/setup', {});
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data;
  const confirm = await client.post<TotpConfirmResult>('/api/account/totp/confirm', {
    code: codeAt(server, secret),
  });
  expect(confirm.status).toBe(200);
  nextStep(server);
  return { secret, recoveryCodes: confirm.body.data.recovery_codes };
}

/** A value of the error envelope's `details`, e.g. 'challenge' or 'methods'. */
export function detailOf(res: ApiResponse<unknown>, path: string): string {
  const found = res.body.details?.find((detail) => detail.path === path)?.message;
  if (found === undefined) {
    throw new Error(`no ${path} in ${JSON.stringify(res.body)}`);
  }
  return found;
}

/** The password step: answers the challenge of SECOND_FACTOR_REQUIRED. */
export async function passwordStep(
  anon: ApiClient,
  username: string,
  password: string,
): Promise<{ challenge: string; methods: string[] }> {
  const res = await anon.post('/api/admin/login', { username, password });
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('SECOND_FACTOR_REQUIRED');
  return { challenge: detailOf(res, 'challenge'), methods: detailOf(res, 'methods').split(',') };
}

/** Signs in with password and a TOTP code; answers a client carrying the session. */
export async function signInWithTotp(
  server: TestServer,
  username: string,
  password: string,
  secret: string,
): Promise<ApiClient> {
  const { challenge } = await passwordStep(server.anon, username, password);
  const res = await server.anon.post<LoginResult>('/api/auth/second-factor', {
    challenge,
    method: 'totp',
    code: codeAt(server, secret),
  });
  expect(res.status).toBe(200);
  nextStep(server);
  return server.anon.withAuth(`Bearer ${res.body.data.token}`);
}
