import { createHmac, timingSafeEqual } from 'node:crypto';

/** A stored CloudPaste secret, opened, or why it could not be. */
export type OpenedSecret =
  | { ok: true; value: string }
  | { ok: false; reason: 'secret needed' | 'wrong secret' | 'unreadable' };

const PREFIX = 'encrypted:';

/** Whether a stored value is in CloudPaste's `encrypted:` form (else it is kept in clear). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/**
 * Opens a value CloudPaste's encryptValue wrote (backend/src/utils/crypto.js, the same
 * from v0.1 to v1.9): `encrypted:` + base64(HMAC-SHA256(ENCRYPTION_SECRET, value)) + `:`
 * + base64(value). The value itself is only base64 — CloudPaste's decryptValue never
 * checks the HMAC — so the operator's secret is what proves the value is the one
 * CloudPaste stored: a value whose HMAC does not match it is refused, not imported.
 */
export function openCloudpasteSecret(stored: string, secret: string | undefined): OpenedSecret {
  if (!isSealed(stored)) {
    return { ok: true, value: stored };
  }
  const parts = stored.split(':');
  const [, signature, payload] = parts;
  if (parts.length !== 3 || !signature || payload === undefined) {
    return { ok: false, reason: 'unreadable' };
  }
  if (!secret) {
    return { ok: false, reason: 'secret needed' };
  }
  const value = Buffer.from(payload, 'base64').toString('utf8');
  const expected = createHmac('sha256', secret).update(value, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'wrong secret' };
  }
  return { ok: true, value };
}

/** CloudPaste's encryptValue, for tests that write a database the way CloudPaste does. */
export function sealCloudpasteSecret(value: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(value, 'utf8').digest('base64');
  return `${PREFIX}${signature}:${Buffer.from(value, 'utf8').toString('base64')}`;
}
