import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { Database, FsPresignUploadsTable } from '@/db/types';

/** A presigned PUT's record, its bigint columns read as numbers. */
export type FsPresignRow = Omit<
  Selectable<FsPresignUploadsTable>,
  'reserved_bytes' | 'replaced_bytes'
> & {
  reserved_bytes: number;
  replaced_bytes: number | null;
};

export type NewFsPresign = Insertable<FsPresignUploadsTable>;

function toPresignRow(row: Selectable<FsPresignUploadsTable>): FsPresignRow {
  return {
    ...row,
    reserved_bytes: Number(row.reserved_bytes),
    replaced_bytes: row.replaced_bytes === null ? null : Number(row.replaced_bytes),
  };
}

/**
 * SQL of the presigned PUTs into a mount (fs_presign_uploads, migration 013): each holds
 * its announced size on the capacity ledger until settled or released. One method per
 * query; the methods that settle or release change a row only while it is open
 * (settled_at IS NULL), so of two callers racing for one record exactly one wins.
 */
export class FsPresignRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async insert(row: NewFsPresign): Promise<void> {
    await this.db.insertInto('fs_presign_uploads').values(row).execute();
  }

  /** The newest record for the object `key` of a config, within the caller's scope. */
  findLatest(match: { configId: string; key: string; scope: OwnerScope }) {
    return withinOwnerScope(
      this.db
        .selectFrom('fs_presign_uploads')
        .selectAll()
        .where('config_id', '=', match.configId)
        .where('storage_key', '=', match.key),
      match.scope,
    )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
      .then((row) => row && toPresignRow(row));
  }

  /** Marks an open record settled; false when another caller settled or released it first. */
  async markSettled(id: string, settledAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('fs_presign_uploads')
      .set({ settled_at: settledAt })
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an open record; false when another caller settled or released it first. */
  async deleteOpen(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('fs_presign_uploads')
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Deletes the other open records for the same object and answers them: once one upload
   * is counted as the object, no other presign may count it again.
   */
  async takeOpenSiblings(row: FsPresignRow): Promise<FsPresignRow[]> {
    const siblings = await this.db
      .deleteFrom('fs_presign_uploads')
      .where('config_id', '=', row.config_id)
      .where('storage_key', '=', row.storage_key)
      .where('id', '<>', row.id)
      .where('settled_at', 'is', null)
      .returningAll()
      .execute();
    return siblings.map(toPresignRow);
  }

  /** Open records whose URL expired before `before`, oldest first, for the sweeper. */
  listOpenExpired(before: string, limit: number) {
    return this.db
      .selectFrom('fs_presign_uploads')
      .selectAll()
      .where('settled_at', 'is', null)
      .where('expires_at', '<=', before)
      .orderBy('expires_at', 'asc')
      .limit(limit)
      .execute()
      .then((rows) => rows.map(toPresignRow));
  }

  /** Forgets settled records whose URL expired before `before`; answers how many. */
  async deleteSettledBefore(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('fs_presign_uploads')
      .where('settled_at', 'is not', null)
      .where('expires_at', '<=', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
