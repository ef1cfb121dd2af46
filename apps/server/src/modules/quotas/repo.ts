import { sql, type Kysely } from 'kysely';
import { ownedByAccount } from '@/db/filters';
import type { Database } from '@/db/types';

/** SQL for quota holds (migration 022); one method per query. */
export class QuotaRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's role and quota, for deciding whether a quota applies. */
  accountQuota(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['role', 'quota_bytes'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  ensureRow(accountId: string, nowIso: string) {
    return this.db
      .insertInto('quota_holds')
      .values({ account_id: accountId, reserved_bytes: 0, updated_at: nowIso })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  }

  /**
   * Holds `bytes` more when stored + held + bytes stays within the quota; answers whether it
   * did. A quota of 0 holds anything: it means none. Two statements in one transaction: the
   * first takes the row's lock (parallel holders line up there), the second counts the
   * stored bytes under it. In one statement, PostgreSQL would read the files table as it was
   * when the statement began and the held bytes as they are once the lock is granted: an
   * upload that turned its hold into a files row meanwhile would be counted nowhere, and a
   * burst of uploads passed the quota (seen under load: 10 of 10 accepted where 6 fit). A
   * statement begun after the lock sees every upload in flight at least once: as held bytes,
   * as a files row, or (for a moment) both.
   */
  hold(accountId: string, bytes: number, nowIso: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .updateTable('quota_holds')
        .set({ updated_at: sql`updated_at` })
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) !== 1) {
        return false;
      }
      const stored = sql<number>`(select coalesce(sum(f.size), 0) from files f where ${ownedByAccount(accountId, 'f.created_by')})`;
      const quota = sql<number>`(select a.quota_bytes from accounts a where a.id = ${accountId})`;
      const result = await trx
        .updateTable('quota_holds')
        .set({ reserved_bytes: sql`reserved_bytes + ${bytes}`, updated_at: nowIso })
        .where('account_id', '=', accountId)
        .where(sql<boolean>`(${quota} = 0 or reserved_bytes + ${bytes} + ${stored} <= ${quota})`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Gives `bytes` back (never below 0). */
  release(accountId: string, bytes: number, nowIso: string) {
    return this.db
      .updateTable('quota_holds')
      .set({
        reserved_bytes: sql`case when reserved_bytes > ${bytes} then reserved_bytes - ${bytes} else 0 end`,
        updated_at: nowIso,
      })
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Holds older than `beforeIso` belong to uploads that died with their process. */
  clearStale(beforeIso: string) {
    return this.db
      .updateTable('quota_holds')
      .set({ reserved_bytes: 0 })
      .where('updated_at', '<', beforeIso)
      .where('reserved_bytes', '>', 0)
      .execute();
  }
}
