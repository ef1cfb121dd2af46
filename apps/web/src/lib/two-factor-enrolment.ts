import type {
  AddedPasskey,
  TotpConfirmResult,
  TotpSetupResult,
} from '@pastebox/contract/schemas/two-factors';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from './api-client';

/**
 * The four enrolment calls of issue 32, shared by the Account page (signed in) and the
 * sign-in's "this server requires two factors" step (with its challenge instead of a
 * session). They live in lib because both features use them and features never import
 * each other. With a challenge the call goes without credentials: the step is the proof.
 */
function enrolmentRequest<T>(path: string, challenge: string | undefined, body: object) {
  return apiRequest<T>(path, {
    method: 'POST',
    body: challenge ? { ...body, challenge } : body,
    anonymous: challenge !== undefined,
  });
}

/** POST /api/account/totp/setup: a new secret (replaces an unconfirmed one). */
export function startTotpSetup(challenge?: string): Promise<TotpSetupResult> {
  return enrolmentRequest<TotpSetupResult>('/account/totp/setup', challenge, {});
}

/** POST /api/account/totp/confirm: turns the app on; answers the recovery codes, once. */
export function confirmTotpSetup(code: string, challenge?: string): Promise<TotpConfirmResult> {
  return enrolmentRequest<TotpConfirmResult>('/account/totp/confirm', challenge, { code });
}

/** Whether this browser can make or use a passkey at all (hides the buttons otherwise). */
export function webAuthnAvailable(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * Adds a passkey: the server's registration options, the browser's ceremony (the person
 * touches the key or unlocks the device), then the browser's answer under `name`.
 */
export async function addPasskey(name: string, challenge?: string): Promise<AddedPasskey> {
  const { options } = await enrolmentRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    '/account/passkeys/options',
    challenge,
    {},
  );
  const response = await startRegistration({ optionsJSON: options });
  return enrolmentRequest<AddedPasskey>('/account/passkeys', challenge, { name, response });
}

/**
 * The browser's refusal of a ceremony (cancelled, timed out, no authenticator): WebAuthn
 * reports it as a DOMException or @simplewebauthn's WebAuthnError, never as an AppError.
 */
export function isCeremonyRefusal(error: unknown): boolean {
  return (
    error instanceof Error &&
    ['NotAllowedError', 'AbortError', 'InvalidStateError', 'NotSupportedError'].includes(error.name)
  );
}
