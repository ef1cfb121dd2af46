import { Secret, TOTP } from 'otpauth';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { replaceRecoveryCodes } from './codes';
import { TwoFactorRepo } from './repo';

/**
 * TOTP (RFC 6238; DESIGN §12 `otpauth`): SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from a QR code. A code is accepted one step either side of now
 * (clocks drift), and each step once: the last accepted step is stored.
 */
const PERIOD_SECONDS = 30;
const ISSUER = 'Pastebox';

function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step the code belongs to (now, or one either side), or null. */
function stepOf(secretBase32: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) {
    return null;
  }
  const delta = totpOf(secretBase32, '').validate({ token, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** A new secret, unconfirmed until a code proves the app has it (replaces an unconfirmed one). */
export async function startTotpSetup(
  deps: AppDeps,
  account: { id: string; username: string },
): Promise<{ secret: string; otpauth_url: string }> {
  const repo = new TwoFactorRepo(deps.db);
  const existing = await repo.findTotp(account.id);
  if (existing?.confirmed_at) {
    throw new AppError('TOTP_ALREADY_ENABLED');
  }
  const secret = new Secret({ size: 20 }).base32;
  await repo.deleteUnconfirmedTotp(account.id);
  await repo.insertTotp({
    account_id: account.id,
    secret_cipher: deps.secrets.encrypt(secret),
    confirmed_at: null,
    created_at: isoNow(deps.clock),
    last_step: null,
  });
  return { secret, otpauth_url: totpOf(secret, account.username).toString() };
}

/**
 * Confirms the setup with a code from the app; answers the first recovery codes (shown
 * once). A wrong code throws SECOND_FACTOR_INVALID.
 */
export async function confirmTotpSetup(
  deps: AppDeps,
  accountId: string,
  code: string,
): Promise<string[]> {
  const repo = new TwoFactorRepo(deps.db);
  const row = await repo.findTotp(accountId);
  if (!row) {
    throw new AppError('TOTP_SETUP_MISSING');
  }
  if (row.confirmed_at) {
    throw new AppError('TOTP_ALREADY_ENABLED');
  }
  const step = stepOf(deps.secrets.decrypt(row.secret_cipher), code, deps.clock.now().getTime());
  if (step === null) {
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  if ((await repo.confirmTotp(accountId, step, isoNow(deps.clock))) === 0) {
    throw new AppError('TOTP_ALREADY_ENABLED');
  }
  return replaceRecoveryCodes(deps.db, accountId);
}

/** True when the code is the account's for now (±1 step) and its step was never used. */
export async function checkTotpCode(
  deps: AppDeps,
  accountId: string,
  code: string,
): Promise<boolean> {
  const repo = new TwoFactorRepo(deps.db);
  const row = await repo.findTotp(accountId);
  if (!row?.confirmed_at) {
    return false;
  }
  const step = stepOf(deps.secrets.decrypt(row.secret_cipher), code, deps.clock.now().getTime());
  return step !== null && (await repo.acceptStep(accountId, step));
}
