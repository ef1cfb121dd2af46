import type { AppDeps } from '../context';
import { hashPassword, sha256Hex, verifyPassword } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { RATE_LIMITS } from '../lib/rate-limit';

/**
 * An imported share password that was stored as an unsalted SHA-256 hex digest (CloudPaste,
 * docs/import-cloudpaste.md): kept as argon2id over that digest, so the weak digest is not
 * stored and the original password still opens the share.
 */
const SHA256_WRAPPED = 'sha256+';

/**
 * The hash of an imported share whose password could not be carried over: no password
 * matches it, so the share stays closed until its owner sets a new one.
 */
export const PASSWORD_RESET_NEEDED = '!reset-needed';

/** A share password hash wrapping an unsalted SHA-256 hex digest of the password. */
export async function wrapSha256Password(hexDigest: string): Promise<string> {
  return `${SHA256_WRAPPED}${await hashPassword(hexDigest.toLowerCase())}`;
}

function matchesSharePassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === PASSWORD_RESET_NEEDED) {
    return Promise.resolve(false);
  }
  if (passwordHash.startsWith(SHA256_WRAPPED)) {
    return verifyPassword(passwordHash.slice(SHA256_WRAPPED.length), sha256Hex(password));
  }
  return verifyPassword(passwordHash, password);
}

/**
 * Checks the password of a share (paste or file). The attempt is counted per client
 * address — across shares — *before* the slow argon2 comparison and given back when it is
 * right, so a burst of parallel guesses gets no more tries than the same guesses one by
 * one (DESIGN §5). Success gives back only this attempt: knowing one share's password must
 * not buy guesses at another's. Missing or wrong → 401 WRONG_PASSWORD, which logs nobody
 * out (SPEC §8). No-op for a share without a password.
 */
export async function checkSharePassword(
  deps: AppDeps,
  passwordHash: string | null,
  password: string | undefined,
  clientIp: string,
): Promise<void> {
  if (passwordHash === null) {
    return;
  }
  if (!password) {
    throw new AppError('WRONG_PASSWORD', 'This share needs a password');
  }
  await deps.rateLimiter.reserve(RATE_LIMITS.sharePassword, clientIp);
  if (!(await matchesSharePassword(passwordHash, password))) {
    throw new AppError('WRONG_PASSWORD');
  }
  await deps.rateLimiter.release(RATE_LIMITS.sharePassword, clientIp);
}
