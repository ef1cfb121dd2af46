import type { AppPasswordItem, CreatedAppPassword } from '@pastebox/contract/schemas/two-factors';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword, verifyPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { readableSecret } from './codes';
import { TwoFactorRepo, type AppPasswordRow } from './repo';

/**
 * App passwords (issue 32): WebDAV clients cannot answer a second factor, so an account
 * that has one gives each drive client a password of its own, which the person can end
 * one by one. Random (about 100 bits), kept as argon2id like the account's password.
 */

/** Each app password is one more argon2 check at a drive client's first request. */
const MAX_APP_PASSWORDS = 20;
const LAST_USED_RESOLUTION_MS = 60_000;

function itemOf(row: AppPasswordRow): AppPasswordItem {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

export async function listAppPasswords(deps: AppDeps, accountId: string) {
  const rows = await new TwoFactorRepo(deps.db).listAppPasswords(accountId);
  return rows.map(itemOf);
}

/** A new app password; answered once, in clear. */
export async function createAppPassword(
  deps: AppDeps,
  accountId: string,
  name: string,
): Promise<CreatedAppPassword> {
  const repo = new TwoFactorRepo(deps.db);
  if ((await repo.listAppPasswords(accountId)).length >= MAX_APP_PASSWORDS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `At most ${MAX_APP_PASSWORDS} app passwords; delete one you no longer use`,
      [{ path: 'name', message: `at most ${MAX_APP_PASSWORDS} app passwords` }],
    );
  }
  const password = readableSecret(4);
  const id = newId();
  await repo.insertAppPassword({
    id,
    account_id: accountId,
    name,
    password_hash: await hashPassword(password),
    created_at: isoNow(deps.clock),
    last_used_at: null,
  });
  return { id, name, password };
}

export async function deleteAppPassword(deps: AppDeps, accountId: string, id: string) {
  if (!(await new TwoFactorRepo(deps.db).deleteAppPassword(accountId, id))) {
    throw new AppError('APP_PASSWORD_NOT_FOUND');
  }
}

async function touch(deps: AppDeps, id: string): Promise<void> {
  const now = deps.clock.now().getTime();
  await new TwoFactorRepo(deps.db).touchAppPassword(
    id,
    new Date(now).toISOString(),
    new Date(now - LAST_USED_RESOLUTION_MS).toISOString(),
  );
}

/** The app password of the account that `password` is, or null (one argon2 check each). */
export async function matchAppPassword(
  deps: AppDeps,
  accountId: string,
  password: string,
): Promise<AppPasswordRow | null> {
  const rows = await new TwoFactorRepo(deps.db).listAppPasswords(accountId);
  for (const row of rows) {
    if (await verifyPassword(row.password_hash, password)) {
      await touch(deps, row.id);
      return row;
    }
  }
  return null;
}

/** True while the app password still exists with the hash it had when it matched. */
export async function appPasswordStands(
  deps: AppDeps,
  accountId: string,
  id: string,
  hash: string,
): Promise<boolean> {
  const row = await new TwoFactorRepo(deps.db).findAppPassword(id);
  if (!row || row.account_id !== accountId || row.password_hash !== hash) {
    return false;
  }
  await touch(deps, id);
  return true;
}
