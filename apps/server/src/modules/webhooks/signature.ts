import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The signature header's value: HMAC-SHA256 of the exact body bytes, keyed by the secret. */
export function webhookSignature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of `body` (constant time); what a receiver does. */
export function verifyWebhookSignature(
  secret: string,
  body: string | Buffer,
  header: string | undefined,
): boolean {
  if (!header) {
    return false;
  }
  const expected = Buffer.from(webhookSignature(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A fresh per-request secret: 32 random bytes, base64url (43 characters). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}
