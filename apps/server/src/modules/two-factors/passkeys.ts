import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyItem, PasskeyOptionsResult } from '@pastebox/contract/schemas/two-factors';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { consumeChallenge, loadChallenge, openChallenge } from './challenges';
import { TwoFactorRepo, type PasskeyRow } from './repo';

/**
 * Passkeys (WebAuthn, DESIGN §12 `@simplewebauthn/server`). Each ceremony's WebAuthn
 * challenge is a sign-in step of its own (purpose 'passkey' or 'passkey_registration'),
 * found from the challenge the browser signed, used once, gone after 5 minutes.
 */

/** Who the browser must believe it is talking to: WebAuthn binds a passkey to it. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const RP_NAME = 'Pastebox';

export function passkeyItemOf(
  row: Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>,
): PasskeyItem {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

/** The challenge a browser's answer carries in its clientDataJSON (unverified yet). */
function signedChallengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string' && data.challenge.length > 0) {
      return data.challenge;
    }
  } catch {
    // Not JSON: refused below like any other answer that names no step.
  }
  throw new AppError('SECOND_FACTOR_INVALID');
}

function transportsOf(row: PasskeyRow): string[] | undefined {
  return row.transports ? row.transports.split(',') : undefined;
}

/** navigator.credentials.create options for a signed-in (or enrolling) account. */
export async function registrationOptions(
  deps: AppDeps,
  account: { id: string; username: string },
  rp: RelyingParty,
) {
  const existing = await new TwoFactorRepo(deps.db).listPasskeys(account.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: account.username,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      ...(row.transports ? { transports: transportsOf(row) } : {}),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await openChallenge(deps, {
    accountId: account.id,
    purpose: 'passkey_registration',
    token: options.challenge,
  });
  return options;
}

/** Verifies the browser's new credential against the account's open ceremony and keeps it. */
export async function registerPasskey(
  deps: AppDeps,
  accountId: string,
  rp: RelyingParty,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyItem> {
  const signed = signedChallengeOf(response.response.clientDataJSON);
  const ceremony = await loadChallenge(deps, signed, 'passkey_registration');
  if (ceremony.account_id !== accountId) {
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
  await consumeChallenge(deps, ceremony);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: signed,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) {
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  const { credential } = verified.registrationInfo;
  const repo = new TwoFactorRepo(deps.db);
  if (await repo.findPasskeyByCredential(credential.id)) {
    throw new AppError('SECOND_FACTOR_INVALID', 'This passkey is registered already');
  }
  const row = {
    id: newId(),
    account_id: accountId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports?.join(',').slice(0, 200) ?? null,
    name,
    created_at: isoNow(deps.clock),
    last_used_at: null,
  };
  await repo.insertPasskey(row);
  return passkeyItemOf(row);
}

/**
 * navigator.credentials.get options: the account's passkeys when the password step named
 * it, none (discoverable credentials) for a password-less sign-in. Answers the ceremony
 * token with them (the options' challenge).
 */
export async function authenticationOptions(
  deps: AppDeps,
  accountId: string | null,
  rp: RelyingParty,
): Promise<PasskeyOptionsResult> {
  const passkeys = accountId ? await new TwoFactorRepo(deps.db).listPasskeys(accountId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((row) => ({
      id: row.credential_id,
      ...(row.transports ? { transports: transportsOf(row) } : {}),
    })),
    userVerification: 'preferred',
  });
  await openChallenge(deps, { accountId, purpose: 'passkey', token: options.challenge });
  return { ceremony: options.challenge, options: { ...options } };
}

/** The passkey an assertion names (cheap: a look-up, before any rate limit is spent). */
export function findPasskey(deps: AppDeps, credentialId: string) {
  return new TwoFactorRepo(deps.db).findPasskeyByCredential(credentialId);
}

/**
 * Checks the assertion's signature with the stored public key (the slow step) and moves
 * the signature counter. `requireUserVerification`: a password-less sign-in needs the
 * authenticator to have checked the person (PIN, biometrics); as a second factor, the
 * password did that.
 */
export async function verifyAssertion(
  deps: AppDeps,
  passkey: PasskeyRow,
  rp: RelyingParty,
  ceremony: string,
  response: AuthenticationResponseJSON,
  requireUserVerification: boolean,
): Promise<boolean> {
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ceremony,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: Number(passkey.counter),
      ...(passkey.transports ? { transports: transportsOf(passkey) } : {}),
    },
    requireUserVerification,
  }).catch(() => null);
  if (!verified?.verified) {
    return false;
  }
  await new TwoFactorRepo(deps.db).usePasskey(
    passkey.id,
    verified.authenticationInfo.newCounter,
    isoNow(deps.clock),
  );
  return true;
}

/** The ceremony token a sign-in hands back, checked against the browser's signed one. */
export function ceremonyMatches(ceremony: string, response: AuthenticationResponseJSON): boolean {
  return sha256Hex(signedChallengeOf(response.response.clientDataJSON)) === sha256Hex(ceremony);
}
