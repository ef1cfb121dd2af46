import { USERNAME_PATTERN } from '@pastebox/contract/schemas/account';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { principalCacheOf } from '@/lib/principal-cache';
import { AccountsRepo, type AccountChanges, type AccountRow } from './repo';
import { settingsChanges, withRoleRules } from './rights';

/**
 * Accounts another module makes or keeps in step for a person it vouches for: single
 * sign-on (issue 32) creates an account on first sign-in and maps the provider's claim to
 * a role and rights on every sign-in. The SQL stays in this module (architecture.md).
 */

/** The role and rights a sign-in grants; a member's rights also carry a base path. */
export interface ProvisionedRights {
  role: 'admin' | 'member';
  text: boolean;
  file: boolean;
  mount: boolean;
  basicPath: string;
}

export interface ProvisionedPerson {
  /** The name the person is known by at the provider; made valid and unique here. */
  preferredUsername: string;
  displayName: string | null;
  email: string | null;
}

export function findAccountById(deps: AppDeps, id: string): Promise<AccountRow | undefined> {
  return new AccountsRepo(deps.db).findById(id);
}

export function findAccountByUsername(
  deps: AppDeps,
  username: string,
): Promise<AccountRow | undefined> {
  return new AccountsRepo(deps.db).findByUsername(username);
}

/**
 * The one account with this e-mail address (any case), or undefined when none has it — or
 * more than one does: linking must never guess between two people.
 */
export async function findAccountByEmail(
  deps: AppDeps,
  email: string,
): Promise<AccountRow | undefined> {
  const rows = await deps.db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

function changesFor(rights: ProvisionedRights): AccountChanges {
  return withRoleRules(
    settingsChanges({
      role: rights.role,
      text_permission: rights.text,
      file_permission: rights.file,
      mount_permission: rights.mount,
      basic_path: rights.basicPath,
    }),
  );
}

/** A username the accounts rules accept, from whatever the provider calls the person. */
function usernameBase(wanted: string): string {
  const cleaned = [...wanted.normalize('NFC').trim()]
    .map((char) => (USERNAME_PATTERN.test(char) ? char : '-'))
    .join('')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);
  return cleaned || 'user';
}

/**
 * Creates a password-less account (it signs in only through its provider until an admin
 * sets a password). The username is the wanted one, made unique with a -2, -3… suffix.
 */
export async function provisionAccount(
  deps: AppDeps,
  person: ProvisionedPerson,
  rights: ProvisionedRights,
): Promise<AccountRow> {
  const repo = new AccountsRepo(deps.db);
  const base = usernameBase(person.preferredUsername);
  const settings = changesFor(rights);
  const now = isoNow(deps.clock);
  for (let attempt = 1; attempt <= 50; attempt += 1) {
    const username = attempt === 1 ? base : `${base}-${attempt}`;
    if (await repo.findByUsername(username)) {
      continue;
    }
    const row = {
      id: newId(),
      username,
      password_hash: '',
      role: settings.role ?? ('member' as const),
      display_name: person.displayName?.trim().slice(0, 100) || null,
      email: person.email?.slice(0, 254) ?? null,
      text_permission: settings.text_permission ?? 0,
      file_permission: settings.file_permission ?? 0,
      mount_permission: settings.mount_permission ?? 0,
      basic_path: settings.basic_path ?? '/',
      quota_bytes: 0,
      disabled: 0,
      created_at: now,
      updated_at: now,
    };
    try {
      await repo.insert(row);
      return row;
    } catch (error) {
      // A parallel sign-in took the name between the check and the insert: try the next.
      if (!(await repo.findByUsername(username))) {
        throw error;
      }
    }
  }
  throw new Error(`No free username near "${base}"`);
}

/**
 * Brings an account's role and rights in line with what its provider says now. The last
 * enabled admin is never demoted (the server would be left without one): it stays admin.
 * Answers the account as it now is; writes only when something changed.
 */
export async function applyProvisionedRights(
  deps: AppDeps,
  account: AccountRow,
  rights: ProvisionedRights,
): Promise<AccountRow> {
  const repo = new AccountsRepo(deps.db);
  const demoting = account.role === 'admin' && rights.role === 'member';
  if (
    demoting &&
    account.disabled === 0 &&
    (await repo.countOtherEnabledAdmins(account.id)) === 0
  ) {
    return account;
  }
  const changes = changesFor(rights);
  const changed = (Object.keys(changes) as (keyof AccountChanges)[]).filter(
    // String(): PostgreSQL answers bigint columns (quota_bytes) as strings.
    (key) => String(changes[key]) !== String(account[key as keyof AccountRow]),
  );
  if (changed.length === 0) {
    return account;
  }
  changes.updated_at = isoNow(deps.clock);
  await repo.update(account.id, changes);
  // The update moved the revocation epoch: other processes re-read the account's sessions
  // and keys within a second, this one at once.
  principalCacheOf(deps).forgetAll();
  return { ...account, ...changes };
}
