import { z } from 'zod';
import { loginResult } from './auth';

/**
 * Two factors (issue 32, DESIGN §12): TOTP with recovery codes, passkeys (WebAuthn), and
 * app passwords for WebDAV clients. A sign-in that needs a second step answers 401
 * SECOND_FACTOR_REQUIRED (or TWO_FACTOR_ENROLMENT_REQUIRED) with `details`
 * `[{path:'challenge', message:<token>}, {path:'methods', message:'totp,recovery,passkey'}]`;
 * the token is handed to the calls below and lives 5 minutes.
 */

/** The sign-in step's token, from the 401's `details` (path 'challenge'). */
export const challengeToken = z.string().min(16).max(200);

const base64url = z.string().max(20_000);

/** The `methods` detail of SECOND_FACTOR_REQUIRED: what this account can answer with. */
export const secondFactorMethod = z.enum(['totp', 'recovery', 'passkey']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethod>;

/** POST /api/auth/second-factor: a TOTP code or a recovery code for the challenge. */
export const secondFactorBody = z.object({
  challenge: challengeToken,
  method: z.enum(['totp', 'recovery']),
  code: z.string().trim().min(1).max(64),
});
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/** navigator.credentials.get()'s answer as JSON (@simplewebauthn/browser's shape). */
export const authenticationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** navigator.credentials.create()'s answer as JSON (@simplewebauthn/browser's shape). */
export const registrationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** WebAuthn options for the browser (PublicKeyCredential*OptionsJSON), passed as they are. */
const webauthnOptions = z.looseObject({ challenge: z.string() });

/** POST /api/auth/passkey/options: with the password step's challenge, or none (password-less). */
export const passkeyOptionsBody = z.object({ challenge: challengeToken.optional() });

export const passkeyOptionsResult = z.object({
  ceremony: z.string().describe('Hand back to /auth/passkey/verify; lives 5 minutes, used once'),
  options: webauthnOptions.describe('For navigator.credentials.get (startAuthentication)'),
});
export type PasskeyOptionsResult = z.infer<typeof passkeyOptionsResult>;

/** POST /api/auth/passkey/verify. */
export const passkeyVerifyBody = z.object({
  challenge: challengeToken.optional(),
  ceremony: z.string().min(16).max(200),
  response: authenticationResponse,
});
export type PasskeyVerifyBody = z.infer<typeof passkeyVerifyBody>;

export const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const appPasswordItem = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AppPasswordItem = z.infer<typeof appPasswordItem>;

/** GET /api/account/two-factor. */
export const twoFactorOverview = z.object({
  totp: z.boolean().describe('An authenticator app is set up and confirmed'),
  passkeys: z.array(passkeyItem),
  recovery_codes_left: z.number().int(),
  app_passwords: z.array(appPasswordItem),
  required: z.boolean().describe('The server requires two factors of every account'),
});
export type TwoFactorOverview = z.infer<typeof twoFactorOverview>;

/**
 * The enrolment calls take either the session (Bearer) or, when the server requires two
 * factors of an account that has none, the TWO_FACTOR_ENROLMENT_REQUIRED challenge.
 */
export const enrolmentBody = z.object({ challenge: challengeToken.optional() });

export const totpSetupResult = z.object({
  secret: z.string().describe('Base32, for typing into the app'),
  otpauth_url: z.string().describe('otpauth://totp/… for a QR code'),
});
export type TotpSetupResult = z.infer<typeof totpSetupResult>;

export const totpConfirmBody = enrolmentBody.extend({ code: z.string().trim().min(1).max(16) });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;

const signedIn = loginResult
  .optional()
  .describe('Only for a call made with an enrolment challenge: the session this sign-in opens');

export const recoveryCodes = z.object({
  recovery_codes: z.array(z.string()).describe('Shown once; each works once'),
});
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const totpConfirmResult = recoveryCodes.extend({ login: signedIn });
export type TotpConfirmResult = z.infer<typeof totpConfirmResult>;

/** DELETE /api/account/totp, POST /api/account/recovery-codes: the current password. */
export const currentPasswordBody = z.object({ password: z.string().min(1).max(256) });

export const passkeyRegistrationOptions = z.object({
  options: webauthnOptions.describe('For navigator.credentials.create (startRegistration)'),
});

export const addPasskeyBody = enrolmentBody.extend({
  name: z.string().trim().min(1).max(100),
  response: registrationResponse,
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBody>;

export const addedPasskey = passkeyItem.extend({ login: signedIn });
export type AddedPasskey = z.infer<typeof addedPasskey>;

export const createAppPasswordBody = z.object({ name: z.string().trim().min(1).max(100) });

export const createdAppPassword = z.object({
  id: z.string(),
  name: z.string(),
  password: z.string().describe('Shown once: use it with your username in a WebDAV client'),
});
export type CreatedAppPassword = z.infer<typeof createdAppPassword>;
