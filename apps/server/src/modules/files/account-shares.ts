import { sql } from 'kysely';
import type { AppDeps } from '@/context';
import { withinOwnerScope } from '@/db/filters';
import { removeFileShare } from './removal';
import type { FileScope } from './repo';

/**
 * An account's file shares as a whole (issue 32): the bytes they hold (what a quota is
 * measured against), their removal with the account, or their hand-over to another.
 */

/**
 * Bytes of the file shares each account and its API keys made, ready or still uploading
 * (an upload in flight already holds its announced size). Two grouped queries, whatever
 * the number of accounts.
 */
export async function fileBytesByAccount(
  deps: AppDeps,
  accountIds: readonly string[],
): Promise<Map<string, number>> {
  const usage = new Map(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0) {
    return usage;
  }
  const keys = await deps.db
    .selectFrom('api_keys')
    .select(['id', 'account_id'])
    .where('account_id', 'in', [...accountIds])
    .execute();
  const accountOfCreator = new Map<string, string>(accountIds.map((id) => [id, id]));
  for (const key of keys) {
    if (key.account_id !== null) {
      accountOfCreator.set(`apikey:${key.id}`, key.account_id);
    }
  }
  const rows = await deps.db
    .selectFrom('files')
    .select(['created_by', sql<number | string>`sum(size)`.as('bytes')])
    .where('created_by', 'in', [...accountOfCreator.keys()])
    .groupBy('created_by')
    .execute();
  for (const row of rows) {
    const account = accountOfCreator.get(row.created_by);
    if (account !== undefined) {
      usage.set(account, (usage.get(account) ?? 0) + Number(row.bytes));
    }
  }
  return usage;
}

/**
 * Removes every file share in scope with its stored object, a page at a time. A share
 * whose object cannot be deleted stays (removeFileShare keeps the row), and is counted in
 * `failed` so the caller can refuse to go on.
 */
export async function removeFileSharesIn(
  deps: AppDeps,
  scope: FileScope,
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  const kept = new Set<string>();
  for (;;) {
    const rows = await deps.db
      .selectFrom('files')
      .select(['id', 's3_config_id', 'storage_path', 'size', 'status'])
      .$call((qb) => withinOwnerScope(qb, scope))
      .$call((qb) => (kept.size > 0 ? qb.where('id', 'not in', [...kept]) : qb))
      .limit(100)
      .execute();
    if (rows.length === 0) {
      return { deleted, failed };
    }
    for (const row of rows) {
      try {
        deleted += await removeFileShare(deps, { ...row, size: Number(row.size) }, scope);
      } catch (error) {
        deps.logger.warn({ err: error, fileId: row.id }, 'removing an account: a file was kept');
        kept.add(row.id);
        failed += 1;
      }
    }
  }
}

/** Hands every file share in scope to another creator; answers how many moved. */
export async function handOverFileShares(
  deps: AppDeps,
  scope: FileScope,
  toCreator: string,
): Promise<number> {
  const result = await deps.db
    .updateTable('files')
    .set({ created_by: toCreator })
    .$call((qb) => withinOwnerScope(qb, scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
