import type { DeleteAccountQuery } from '@pastebox/contract/schemas/account';
import type { AppDeps } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { AppError } from '@/lib/errors';
import { principalCacheOf } from '@/lib/principal-cache';
import { dropLocksOfHolders } from '@/modules/dav-locks/service';
import { handOverBundles, removeBundlesIn } from '@/modules/bundles/service';
import { handOverFileRequests, removeFileRequestsIn } from '@/modules/file-requests/service';
import { handOverFileShares, removeFileSharesIn } from '@/modules/files/service';
import { handOverPastes, removePastesIn } from '@/modules/pastes/service';
import { AccountsRepo } from './repo';

export interface AccountRemoval {
  /** Shares deleted with the account, or handed to `to`. */
  pastes: number;
  files: number;
  bundles: number;
  /** File requests. */
  requests: number;
}

/**
 * DELETE /api/admin/accounts/{id}?shares=delete|transfer&to=…: the account goes with its
 * sessions, keys and invitation (the database cascades), and the WebDAV locks it and its
 * keys held. Its shares — those it and its keys made: pastes, files, bundles and file
 * requests — are deleted (objects first: a file whose object cannot be deleted keeps the
 * account, and the call answers an error to try again) or handed to another account,
 * before the account row goes.
 */
export async function deleteAccount(
  deps: AppDeps,
  id: string,
  query: DeleteAccountQuery,
  actorId: string,
): Promise<AccountRemoval> {
  const repo = new AccountsRepo(deps.db);
  const account = await repo.findById(id);
  if (!account) {
    throw new AppError('ACCOUNT_NOT_FOUND');
  }
  if (id === actorId) {
    throw new AppError('FORBIDDEN', 'You cannot delete your own account');
  }
  if (
    account.role === 'admin' &&
    account.disabled === 0 &&
    (await repo.countOtherEnabledAdmins(id)) === 0
  ) {
    throw new AppError('LAST_ADMIN');
  }
  const scope: OwnerScope = { kind: 'account', accountId: id };
  const moved =
    query.shares === 'transfer'
      ? await handOver(deps, repo, scope, id, query.to)
      : await removeShares(deps, scope);
  const holders = await keyHoldersOf(deps, id);
  await deps.db.transaction().execute(async (trx) => {
    await dropLocksOfHolders(trx, [id, ...holders]);
    await new AccountsRepo(trx).delete(id);
  });
  principalCacheOf(deps).forgetAll();
  return moved;
}

async function removeShares(deps: AppDeps, scope: OwnerScope): Promise<AccountRemoval> {
  // Requests first: nothing arrives any more while the files they received are removed.
  const requests = await removeFileRequestsIn(deps, scope);
  const bundles = await removeBundlesIn(deps, scope);
  const files = await removeFileSharesIn(deps, scope);
  if (files.failed > 0) {
    throw new AppError(
      'FILE_DELETE_FAILED',
      `${files.failed} file(s) could not be deleted from storage; the account was kept`,
    );
  }
  return { files: files.deleted, pastes: await removePastesIn(deps, scope), bundles, requests };
}

async function handOver(
  deps: AppDeps,
  repo: AccountsRepo,
  scope: OwnerScope,
  id: string,
  to: string | undefined,
): Promise<AccountRemoval> {
  const heir = to === undefined ? undefined : await repo.findById(to);
  if (!heir || heir.id === id) {
    throw new AppError('VALIDATION_FAILED', 'Name the account that receives the shares', [
      { path: 'to', message: 'an existing account other than the one deleted' },
    ]);
  }
  // All in one transaction: the shares never stand half handed over. The heir's requests
  // run as the heir from now on, within its own base path.
  return deps.db.transaction().execute(async (trx) => {
    const inTransaction = { ...deps, db: trx };
    return {
      files: await handOverFileShares(inTransaction, scope, heir.id),
      pastes: await handOverPastes(inTransaction, scope, heir.id),
      bundles: await handOverBundles(inTransaction, scope, heir.id),
      requests: await handOverFileRequests(inTransaction, scope, {
        accountId: heir.id,
        role: heir.role,
        basicPath: heir.basic_path,
      }),
    };
  });
}

/** The lock holder names of the account's keys ('apikey:{id}'). */
async function keyHoldersOf(deps: AppDeps, accountId: string): Promise<string[]> {
  const keys = await deps.db
    .selectFrom('api_keys')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return keys.map((key) => `apikey:${key.id}`);
}
