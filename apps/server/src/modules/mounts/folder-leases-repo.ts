import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/types';

/**
 * The first key of the two-key advisory locks that serialise lease claims per storage
 * config ('PBLF'); the second is the config id's hash. The two-key space is apart from the
 * one-key locks of storage-configs and mounts.
 */
const FOLDER_LEASE_LOCK_CLASS = 0x5042_4c46;

/** One claim to write: a lease's folders on one storage config. */
export interface FolderLeaseClaim {
  leaseId: string;
  configId: string;
  prefixes: readonly string[];
  holder: string;
  nowIso: string;
  expiresIso: string;
}

/** SQL for folder_leases (migration 015); one query a method. */
export class FolderLeasesRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /**
   * PostgreSQL: serialises the claims on one config until the transaction ends (a
   * transaction-scoped advisory lock on the config id's hash; two configs rarely share
   * one, and then only wait for each other). SQLite runs one write transaction at a time
   * already: they begin IMMEDIATE.
   */
  async lockConfig(dialect: 'sqlite' | 'postgres', configId: string): Promise<void> {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${FOLDER_LEASE_LOCK_CLASS}, hashtext(${configId}))`.execute(
        this.db,
      );
    }
  }

  /** Forgets the config's leases that have expired (their holders died or stalled). */
  deleteExpired(configId: string, nowIso: string) {
    return this.db
      .deleteFrom('folder_leases')
      .where('config_id', '=', configId)
      .where('expires_at', '<=', nowIso)
      .execute();
  }

  /** The folders of the config's unexpired leases. */
  async heldPrefixes(configId: string, nowIso: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('folder_leases')
      .select('prefix')
      .where('config_id', '=', configId)
      .where('expires_at', '>', nowIso)
      .execute();
    return rows.map((row) => row.prefix);
  }

  async insert(claim: FolderLeaseClaim): Promise<void> {
    await this.db
      .insertInto('folder_leases')
      .values(
        claim.prefixes.map((prefix) => ({
          lease_id: claim.leaseId,
          config_id: claim.configId,
          prefix,
          holder: claim.holder,
          created_at: claim.nowIso,
          expires_at: claim.expiresIso,
        })),
      )
      .execute();
  }

  /**
   * A later expiry for a lease; answers how many of its rows were still there. A row past
   * its expiry that is still there may be renewed: every claim deletes the expired rows it
   * meets before it checks, so while the row is there, no overlapping lease was granted.
   */
  async renew(leaseId: string, expiresIso: string): Promise<number> {
    const result = await this.db
      .updateTable('folder_leases')
      .set({ expires_at: expiresIso })
      .where('lease_id', '=', leaseId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async release(leaseId: string): Promise<void> {
    await this.db.deleteFrom('folder_leases').where('lease_id', '=', leaseId).execute();
  }
}
