import { hashPassword } from '@/lib/crypto';
import { PASSWORD_RESET_NEEDED, wrapSha256Password } from '@/shares/password';
import type { ShareRules, StoredPassword } from './records';

/** How a CloudPaste share's password comes over. */
export type PasswordPlan =
  | { kind: 'none' }
  | { kind: 'plain'; password: string }
  | { kind: 'sha256'; digest: string }
  | { kind: 'reset' };

const SHA256_HEX = /^[0-9a-f]{64}$/i;

/**
 * CloudPaste stores SHA-256(password) in hex and, since v0.6, the password itself in
 * paste_passwords / file_passwords. Its verifyPassword compares any stored value that is
 * not 64 characters long as the password itself. So: the plain password when kept (hashed
 * with argon2id here), else the digest (wrapped, shares/password.ts), else a non-digest
 * value as the password; a 64-character value that is no hex digest matched nothing in
 * CloudPaste and cannot be carried over: the share comes over closed ("reset needed").
 */
export function passwordPlanOf(password: StoredPassword): PasswordPlan {
  if (password.plain) {
    return { kind: 'plain', password: password.plain };
  }
  const stored = password.stored;
  if (!stored) {
    return { kind: 'none' };
  }
  if (SHA256_HEX.test(stored)) {
    return { kind: 'sha256', digest: stored };
  }
  return stored.length === 64 ? { kind: 'reset' } : { kind: 'plain', password: stored };
}

/** The password_hash column for a plan (null: no password). */
export async function passwordHashOf(plan: PasswordPlan): Promise<string | null> {
  switch (plan.kind) {
    case 'none':
      return null;
    case 'plain':
      return hashPassword(plan.password);
    case 'sha256':
      return wrapSha256Password(plan.digest);
    case 'reset':
      return PASSWORD_RESET_NEEDED;
  }
}

/**
 * The rules a share keeps, or why it is not worth importing: an expired share or one whose
 * views are spent is gone in CloudPaste too. A view limit carries over as the views left.
 */
export function liveRulesOf(
  rules: ShareRules,
  nowIso: string,
): { skip: string } | { expiresAt: string | null; maxViews: number } {
  if (rules.expiresAtRaw && !rules.expiresAt) {
    return { skip: `unreadable expiry "${rules.expiresAtRaw}"` };
  }
  if (rules.expiresAt && rules.expiresAt <= nowIso) {
    return { skip: `expired (${rules.expiresAt})` };
  }
  if (rules.maxViews > 0 && rules.views >= rules.maxViews) {
    return { skip: `no views left (${rules.views} of ${rules.maxViews})` };
  }
  return {
    expiresAt: rules.expiresAt,
    maxViews: rules.maxViews > 0 ? rules.maxViews - rules.views : 0,
  };
}
