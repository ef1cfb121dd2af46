import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type {
  PasskeyOptionsResult,
  SecondFactorBody,
} from '@pastebox/contract/schemas/two-factors';
import { startAuthentication } from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/api-client';
import { storeSession } from './admin-login';

/**
 * The second step of a sign-in (issue 32). Every call goes without credentials, like the
 * password step: the challenge is the proof, and a stale stored token must not ride along.
 * A session it answers becomes the signed-in one the way a password sign-in's does.
 */

/** POST /api/auth/second-factor: a code from the app, or a recovery code. */
export async function answerSecondFactor(body: SecondFactorBody): Promise<LoginResult> {
  const session = await apiRequest<LoginResult>('/auth/second-factor', {
    method: 'POST',
    body,
    anonymous: true,
  });
  await storeSession(session);
  return session;
}

/**
 * A passkey sign-in: the server's options, the browser's ceremony, the server's check.
 * With the password step's challenge it is the second factor; without one it is a
 * password-less sign-in with any passkey the browser holds for this site.
 */
export async function signInWithPasskey(challenge?: string): Promise<LoginResult> {
  const body = challenge ? { challenge } : {};
  const started = await apiRequest<PasskeyOptionsResult>('/auth/passkey/options', {
    method: 'POST',
    body,
    anonymous: true,
  });
  const response = await startAuthentication({ optionsJSON: started.options });
  const session = await apiRequest<LoginResult>('/auth/passkey/verify', {
    method: 'POST',
    body: { ...body, ceremony: started.ceremony, response },
    anonymous: true,
  });
  await storeSession(session);
  return session;
}
