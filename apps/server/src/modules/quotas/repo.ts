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
   * Holds `bytes` more when stored + held + bytes stays within the quota, in one statement
   * (the row's lock lines parallel holders up); answers whether it did. A quota of 0 holds
   * anything: it means none.
   */
  async hold(accountId: string, bytes: number, nowIso: string): Promise<boolean> {
    const stored = sql<number>`(select coalesce(sum(f.size), 0) from files f where ${ownedByAccount(accountId, 'f.created_by')})`;
    const quota = sql<number>`(select a.quota_bytes from accounts a where a.id = ${accountId})`;
    const result = await this.db
      .updateTable('quota_holds')
      .set({
        reserved_bytes: sql`reserved_bytes + ${bytes}`,
        updated_at: nowIso,
      })
      .where('account_id', '=', accountId)
      .where(sql<boolean>`(${quota} = 0 or reserved_bytes + ${bytes} + ${stored} <= ${quota})`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
