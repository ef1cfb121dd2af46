import type { AppDeps } from '../context';
import { verifyPassword } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { RATE_LIMITS } from '../lib/rate-limit';

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
  if (!(await verifyPassword(passwordHash, password))) {
    throw new AppError('WRONG_PASSWORD');
  }
  await deps.rateLimiter.release(RATE_LIMITS.sharePassword, clientIp);
}
