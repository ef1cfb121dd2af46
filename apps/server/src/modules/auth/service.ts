import { NEW_PASSWORD_MIN_LENGTH, type ChangePasswordBody } from '@pastebox/contract/schemas/auth';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword, verifyPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId, randomToken } from '@/lib/ids';
import { principalCacheOf } from '@/lib/principal-cache';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { secondFactorGate } from '@/modules/two-factors/service';
import { AuthRepo, type AccountRow } from './repo';
import { loginSubject, type SignInContext } from '@/lib/sign-in';
import { openSession, type OpenedSession } from '@/modules/sessions/service';

export { verifyAccountPassword, type VerifiedAccount } from './dav-password';

/**
 * First start: creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, or with a random
 * password that is returned so main.ts can print it once (DESIGN §5: no default password).
 */
export async function ensureInitialAdmin(
  deps: AppDeps,
): Promise<{ username: string; generatedPassword?: string } | null> {
  const repo = new AuthRepo(deps.db);
  if ((await repo.countAdmins()) > 0) {
    return null;
  }
  const username = deps.config.ADMIN_USERNAME ?? 'admin';
  const generatedPassword = deps.config.ADMIN_PASSWORD ? undefined : randomToken(12);
  const password = deps.config.ADMIN_PASSWORD ?? generatedPassword ?? randomToken(12);
  const now = isoNow(deps.clock);
  await repo.insertAccount({
    id: newId(),
    username,
    password_hash: await hashPassword(password),
    role: 'admin',
    display_name: null,
    email: null,
    text_permission: 1,
    file_permission: 1,
    mount_permission: 1,
    basic_path: '/',
    quota_bytes: 0,
    disabled: 0,
    created_at: now,
    updated_at: now,
  });
  return { username, ...(generatedPassword ? { generatedPassword } : {}) };
}

/** True when `password` is the account's; an account without a password matches none. */
export function passwordMatches(account: AccountRow, password: string): Promise<boolean> {
  return account.password_hash === ''
    ? Promise.resolve(false)
    : verifyPassword(account.password_hash, password);
}

/**
 * POST /api/admin/login: any account signs in here (SPEC's answer, plus its role). The
 * attempt is counted before the slow check; a disabled account is told so only after its
 * password matched, so the answer tells a guesser nothing. An account with a second factor
 * gets 401 SECOND_FACTOR_REQUIRED and a challenge instead (modules/two-factors).
 */
export async function login(
  deps: AppDeps,
  context: SignInContext,
  username: string,
  password: string,
): Promise<OpenedSession> {
  const subject = loginSubject(context.clientIp, username);
  await deps.rateLimiter.reserve(RATE_LIMITS.login, subject);
  const repo = new AuthRepo(deps.db);
  const account = await repo.findAccountByUsername(username);
  if (!account || !(await passwordMatches(account, password))) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  await deps.rateLimiter.reset(RATE_LIMITS.login, subject);
  if (account.disabled === 1) {
    throw new AppError('ACCOUNT_DISABLED');
  }
  // A second factor, or a required enrolment, answers a step instead of a session.
  await secondFactorGate(deps, account);
  return openSession(deps, account, context, 'password');
}

/**
 * POST /api/admin/change-password, SPEC §5: current password required; a new username or
 * a new password; the new password differs from the current one. Revokes every session.
 */
export async function changeAccountCredentials(
  deps: AppDeps,
  accountId: string,
  clientIp: string,
  body: ChangePasswordBody,
): Promise<{ username: string }> {
  const newPassword = body.newPassword ?? '';
  const newUsername = body.newUsername?.trim() ?? '';
  if (!newPassword && !newUsername) {
    throw new AppError('NOTHING_TO_CHANGE');
  }
  if (newPassword && newPassword.length < NEW_PASSWORD_MIN_LENGTH) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The new password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
      [{ path: 'newPassword', message: `at least ${NEW_PASSWORD_MIN_LENGTH} characters` }],
    );
  }
  if (newPassword && newPassword === body.currentPassword) {
    throw new AppError('NEW_PASSWORD_SAME');
  }
  const repo = new AuthRepo(deps.db);
  const admin = await repo.findAccountById(accountId);
  const subject = loginSubject(clientIp, admin?.username ?? accountId);
  await deps.rateLimiter.reserve(RATE_LIMITS.login, subject);
  if (!admin || !(await passwordMatches(admin, body.currentPassword))) {
    throw new AppError('VERIFICATION_FAILED');
  }
  await deps.rateLimiter.release(RATE_LIMITS.login, subject);
  if (newUsername && newUsername !== admin.username) {
    const holder = await repo.findAccountByUsername(newUsername);
    if (holder) {
      throw new AppError('USERNAME_TAKEN');
    }
  }
  const username = newUsername || admin.username;
  const changes = {
    username,
    ...(newPassword ? { password_hash: await hashPassword(newPassword) } : {}),
    updated_at: isoNow(deps.clock),
  };
  // One transaction: new credentials never stand beside the sessions they revoke.
  await deps.db.transaction().execute(async (trx) => {
    const inTransaction = new AuthRepo(trx);
    await inTransaction.updateAccount(admin.id, changes);
    await inTransaction.deleteSessionsOfAccount(admin.id);
  });
  // The revocation epoch moved with these writes (migration 009): other processes drop
  // their cached sessions within a second, this one at once.
  principalCacheOf(deps).forgetAll();
  return { username };
}
