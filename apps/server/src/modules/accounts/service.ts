import type {
  AccountItem,
  AccountList,
  AccountWithInvite,
  CreateAccountBody,
  ResetAccountPasswordBody,
  UpdateAccountBody,
} from '@pastebox/contract/schemas/account';
import type { AppDeps } from '@/context';
import { addMs, isoNow } from '@/lib/clock';
import { hashPassword, sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId, randomToken } from '@/lib/ids';
import { listRequestOf, paginationOf, type ListQuery } from '@/lib/pagination';
import { principalCacheOf } from '@/lib/principal-cache';
import { endSessionsOf } from '@/modules/sessions/service';
import { dropLocksOfHolders } from '@/modules/dav-locks/service';
import { fileBytesByAccount } from '@/modules/files/service';
import { presentAccount } from './presenter';
import { AccountsRepo, type AccountChanges, type AccountRow } from './repo';
import { settingsChanges, withRoleRules } from './rights';

export { deleteAccount } from './removal';
export { acceptInvite, readInvite } from './invites';
export { readOwnAccount, updateOwnProfile } from './own-account';
export * from './provision';

/** An invitation lets its person choose a password for this long, once (issue 32). */
export const INVITE_MS = 7 * 24 * 60 * 60 * 1000;

/** GET /api/admin/accounts: one page, searchable by name and e-mail, with usage. */
export async function listAccounts(
  deps: AppDeps,
  query: ListQuery & { role?: 'admin' | 'member' | undefined },
): Promise<AccountList> {
  const request = listRequestOf(query);
  const filter = { ...request, role: query.role };
  const repo = new AccountsRepo(deps.db);
  const [rows, total] = await Promise.all([repo.list(filter), repo.count(filter)]);
  return { items: await presentAll(deps, rows), pagination: paginationOf(total, request) };
}

/** Accounts as the admin sees them: with bytes used and open invitations. */
export async function presentAll(deps: AppDeps, rows: AccountRow[]): Promise<AccountItem[]> {
  const ids = rows.map((row) => row.id);
  const [usage, invites] = await Promise.all([
    fileBytesByAccount(deps, ids),
    ids.length === 0 ? [] : new AccountsRepo(deps.db).invitesOf(ids),
  ]);
  const inviteOf = new Map(invites.map((invite) => [invite.account_id, invite.expires_at]));
  return rows.map((row) =>
    presentAccount(row, usage.get(row.id) ?? 0, inviteOf.get(row.id) ?? null),
  );
}

export async function getAccount(deps: AppDeps, id: string): Promise<AccountItem> {
  const [item] = await presentAll(deps, [await accountOrNotFound(deps, id)]);
  return item as AccountItem;
}

async function accountOrNotFound(deps: AppDeps, id: string): Promise<AccountRow> {
  const row = await new AccountsRepo(deps.db).findById(id);
  if (!row) {
    throw new AppError('ACCOUNT_NOT_FOUND');
  }
  return row;
}

/**
 * POST /api/admin/accounts: a member (or another admin) with a password the admin gives,
 * or with an invitation link the person opens to choose one (valid 7 days, once).
 */
export async function createAccount(
  deps: AppDeps,
  body: CreateAccountBody,
  linkBase: string,
): Promise<AccountWithInvite> {
  if (!body.password === !body.invite) {
    throw new AppError('VALIDATION_FAILED', 'Give a password or ask for an invitation link', [
      { path: 'password', message: 'give a password, or set invite: true' },
    ]);
  }
  const repo = new AccountsRepo(deps.db);
  if (await repo.findByUsername(body.username)) {
    throw new AppError('USERNAME_TAKEN');
  }
  const now = isoNow(deps.clock);
  const settings = withRoleRules({ role: 'member', ...settingsChanges(body) });
  const row = {
    id: newId(),
    username: body.username,
    password_hash: body.password ? await hashPassword(body.password) : '',
    role: settings.role ?? 'member',
    display_name: settings.display_name ?? null,
    email: settings.email ?? null,
    text_permission: settings.text_permission ?? 0,
    file_permission: settings.file_permission ?? 0,
    mount_permission: settings.mount_permission ?? 0,
    basic_path: settings.basic_path ?? '/',
    quota_bytes: Number(settings.quota_bytes ?? 0),
    disabled: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await repo.insert(row);
  } catch (error) {
    // A parallel create may have taken the name between the check and the insert.
    if (await repo.findByUsername(body.username)) {
      throw new AppError('USERNAME_TAKEN');
    }
    throw error;
  }
  const inviteUrl = body.invite ? await issueInvite(deps, row.id, linkBase) : null;
  return { account: await getAccount(deps, row.id), invite_url: inviteUrl };
}

/** A new invitation for an account (the old one ends); answers its absolute link. */
async function issueInvite(deps: AppDeps, accountId: string, linkBase: string): Promise<string> {
  const token = randomToken(24);
  const now = deps.clock.now();
  await new AccountsRepo(deps.db).replaceInvite({
    token_hash: sha256Hex(token),
    account_id: accountId,
    created_at: now.toISOString(),
    expires_at: addMs(now, INVITE_MS).toISOString(),
  });
  return `${linkBase}/invite/${token}`;
}

/**
 * PUT /api/admin/accounts/{id}: rights, base path, quota, role, name, the disabled switch.
 * Disabling ends the account's sessions at once (its keys stop with it while disabled);
 * the last enabled admin cannot be disabled or demoted, nor can an admin disable itself.
 */
export async function updateAccount(
  deps: AppDeps,
  id: string,
  body: UpdateAccountBody,
  actorId: string,
): Promise<AccountItem> {
  const repo = new AccountsRepo(deps.db);
  const current = await accountOrNotFound(deps, id);
  const changes: AccountChanges = withRoleRules(settingsChanges(body), current);
  if (body.username !== undefined && body.username !== current.username) {
    if (await repo.findByUsername(body.username)) {
      throw new AppError('USERNAME_TAKEN');
    }
    changes.username = body.username;
  }
  if (body.disabled !== undefined) {
    changes.disabled = body.disabled ? 1 : 0;
  }
  const disabling = changes.disabled === 1 && current.disabled === 0;
  const demoting = changes.role === 'member' && current.role === 'admin';
  if ((disabling || demoting) && id === actorId) {
    throw new AppError('FORBIDDEN', 'You cannot disable or demote your own account');
  }
  if ((disabling || demoting) && current.role === 'admin') {
    await assertAnotherAdmin(repo, id);
  }
  changes.updated_at = isoNow(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await new AccountsRepo(trx).update(id, changes);
    if (disabling) {
      await dropLocksOfHolders(trx, [id]);
    }
  });
  if (disabling) {
    await endSessionsOf(deps, id);
  }
  // The update moved the revocation epoch (migration 018): other processes re-read the
  // account's sessions and keys within a second, this one at once.
  principalCacheOf(deps).forgetAll();
  return getAccount(deps, id);
}

async function assertAnotherAdmin(repo: AccountsRepo, id: string): Promise<void> {
  if ((await repo.countOtherEnabledAdmins(id)) === 0) {
    throw new AppError('LAST_ADMIN');
  }
}

/**
 * POST /api/admin/accounts/{id}/password: a new password the admin sets, or a new
 * invitation link for the person to choose one. Either way every session ends.
 */
export async function resetAccountPassword(
  deps: AppDeps,
  id: string,
  body: ResetAccountPasswordBody,
  linkBase: string,
): Promise<AccountWithInvite> {
  if (!body.password === !body.invite) {
    throw new AppError('VALIDATION_FAILED', 'Give a password or ask for an invitation link', [
      { path: 'password', message: 'give a password, or set invite: true' },
    ]);
  }
  await accountOrNotFound(deps, id);
  const passwordHash = body.password ? await hashPassword(body.password) : '';
  await new AccountsRepo(deps.db).update(id, {
    password_hash: passwordHash,
    updated_at: isoNow(deps.clock),
  });
  await endSessionsOf(deps, id);
  const inviteUrl = body.invite ? await issueInvite(deps, id, linkBase) : null;
  return { account: await getAccount(deps, id), invite_url: inviteUrl };
}

/** Sweeper: drops invitations past their expiry. */
export async function sweepExpiredInvites(deps: AppDeps): Promise<void> {
  await new AccountsRepo(deps.db).deleteExpiredInvites(isoNow(deps.clock));
}
