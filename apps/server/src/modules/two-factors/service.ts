import type { TwoFactorOverview } from '@pastebox/contract/schemas/two-factors';
import type { AppDeps } from '@/context';
import { verifyPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { loginSubject } from '@/lib/sign-in';
import { endSessionsOf } from '@/modules/sessions/service';
import { readSecuritySettings } from '@/modules/system-settings/service';
import { appPasswordStands, listAppPasswords, matchAppPassword } from './app-passwords';
import { replaceRecoveryCodes } from './codes';
import { passkeyItemOf } from './passkeys';
import { TwoFactorRepo } from './repo';

/**
 * Two factors (issue 32, DESIGN §12): TOTP with recovery codes, passkeys, app passwords.
 * The sign-in steps are in sign-in.ts, enrolment in enrolment.ts; this file is the
 * module's door for the others (auth's login and WebDAV Basic) and the account's page.
 */
export {
  secondFactorGate,
  answerSecondFactor,
  passkeySignInOptions,
  verifyPasskeySignIn,
} from './sign-in';
export { createAppPassword, deleteAppPassword, listAppPasswords } from './app-passwords';

/** GET /api/account/two-factor. */
export async function twoFactorOverview(
  deps: AppDeps,
  accountId: string,
): Promise<TwoFactorOverview> {
  const repo = new TwoFactorRepo(deps.db);
  const [factors, passkeys, appPasswords, settings] = await Promise.all([
    repo.factorCounts(accountId),
    repo.listPasskeys(accountId),
    listAppPasswords(deps, accountId),
    readSecuritySettings(deps),
  ]);
  return {
    totp: factors.totp,
    passkeys: passkeys.map(passkeyItemOf),
    recovery_codes_left: factors.recoveryLeft,
    app_passwords: appPasswords,
    required: settings.require_two_factor,
  };
}

/**
 * The current password, for removing a factor or renewing recovery codes: counted in the
 * login bucket before the slow check (as change-password does), given back when right.
 */
async function checkCurrentPassword(
  deps: AppDeps,
  account: { id: string; username: string },
  clientIp: string,
  password: string,
): Promise<void> {
  const subject = loginSubject(clientIp, account.username);
  await deps.rateLimiter.reserve(RATE_LIMITS.login, subject);
  const row = await new TwoFactorRepo(deps.db).findAccount(account.id);
  if (!row || row.password_hash === '' || !(await verifyPassword(row.password_hash, password))) {
    throw new AppError('VERIFICATION_FAILED');
  }
  await deps.rateLimiter.release(RATE_LIMITS.login, subject);
}

/** The caller of the account's own calls: who, from where, with which session. */
export interface OwnCaller {
  id: string;
  username: string;
  tokenHash: string;
  clientIp: string;
}

/** DELETE /api/account/totp: the app and its recovery codes go; other sessions end. */
export async function removeTotp(deps: AppDeps, caller: OwnCaller, password: string) {
  await checkCurrentPassword(deps, caller, caller.clientIp, password);
  const repo = new TwoFactorRepo(deps.db);
  if (!(await repo.findTotp(caller.id))?.confirmed_at) {
    throw new AppError('TOTP_SETUP_MISSING');
  }
  await deps.db.transaction().execute(async (trx) => {
    const inTransaction = new TwoFactorRepo(trx);
    await inTransaction.deleteTotp(caller.id);
    if ((await inTransaction.factorCounts(caller.id)).passkeys === 0) {
      await inTransaction.deleteRecoveryCodes(caller.id);
    }
  });
  await endSessionsOf(deps, caller.id, caller.tokenHash);
}

/** POST /api/account/recovery-codes: a new set (the old one ends); needs a factor. */
export async function renewRecoveryCodes(
  deps: AppDeps,
  caller: OwnCaller,
  password: string,
): Promise<string[]> {
  await checkCurrentPassword(deps, caller, caller.clientIp, password);
  const factors = await new TwoFactorRepo(deps.db).factorCounts(caller.id);
  if (!factors.totp && factors.passkeys === 0) {
    throw new AppError('TOTP_SETUP_MISSING', 'Recovery codes come with a second factor');
  }
  return replaceRecoveryCodes(deps.db, caller.id);
}

/** DELETE /api/account/passkeys/{id}; other sessions end. */
export async function removePasskey(deps: AppDeps, caller: OwnCaller, id: string) {
  if (!(await new TwoFactorRepo(deps.db).deletePasskey(caller.id, id))) {
    throw new AppError('PASSKEY_NOT_FOUND');
  }
  await endSessionsOf(deps, caller.id, caller.tokenHash);
}

/**
 * POST /api/admin/accounts/{id}/two-factor/reset: the app, the passkeys and the recovery
 * codes go, and every session ends; the account signs in with its password again (and
 * enrols anew where two factors are required). App passwords stay: they are the person's
 * drive clients, not sign-in factors, and they end one by one or with the account
 * (docs/design-notes.md).
 */
export async function resetTwoFactors(deps: AppDeps, accountId: string): Promise<number> {
  const repo = new TwoFactorRepo(deps.db);
  if (!(await repo.findAccount(accountId))) {
    throw new AppError('ACCOUNT_NOT_FOUND');
  }
  await deps.db.transaction().execute(async (trx) => {
    const inTransaction = new TwoFactorRepo(trx);
    await inTransaction.deleteTotp(accountId);
    await inTransaction.deletePasskeys(accountId);
    await inTransaction.deleteRecoveryCodes(accountId);
    await inTransaction.deleteChallengesOf(accountId);
  });
  return endSessionsOf(deps, accountId);
}

/** What a WebDAV password matched: the account's password, or one of its app passwords. */
export interface DavSecret {
  hash: string;
  appPasswordId: string | null;
}

/**
 * WebDAV Basic (auth's dav-password.ts asks): an account with a second factor may not use
 * its password there — a drive client cannot answer the second step — only its app
 * passwords; an account without one may use either.
 */
export async function matchDavSecret(
  deps: AppDeps,
  account: { id: string; password_hash: string },
  password: string,
): Promise<DavSecret | null> {
  if (
    account.password_hash !== '' &&
    !(await hasSecondFactor(deps, account.id)) &&
    (await verifyPassword(account.password_hash, password))
  ) {
    return { hash: account.password_hash, appPasswordId: null };
  }
  const app = await matchAppPassword(deps, account.id, password);
  return app ? { hash: app.password_hash, appPasswordId: app.id } : null;
}

/** A remembered match still holds: the same hash, and no factor added since. */
export async function davSecretStands(
  deps: AppDeps,
  account: { id: string; password_hash: string },
  known: DavSecret,
): Promise<boolean> {
  if (known.appPasswordId) {
    return appPasswordStands(deps, account.id, known.appPasswordId, known.hash);
  }
  return account.password_hash === known.hash && !(await hasSecondFactor(deps, account.id));
}

function hasSecondFactor(deps: AppDeps, accountId: string): Promise<boolean> {
  return new TwoFactorRepo(deps.db).hasSecondFactor(accountId);
}

/** Sweeper: sign-in challenges past their five minutes. */
export async function sweepExpiredChallenges(deps: AppDeps): Promise<void> {
  await new TwoFactorRepo(deps.db).deleteExpiredChallenges(deps.clock.now().toISOString());
}
