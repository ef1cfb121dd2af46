import type { Kysely } from 'kysely';

/**
 * Multipart uploads into a mount hold their capacity from init (issue 29, DESIGN §5): a
 * session's parts occupy the storage long before complete, so init reserves the announced
 * size on the ledger, in the transaction that inserts the session, and whatever deletes
 * the session (complete, abort, the sweeper, a mount's deletion) settles or releases it
 * in the transaction that deletes the row, so it moves the ledger exactly once.
 *
 * - `config_id`: the ledger the bytes are reserved on (the storage, not the mount: a mount
 *   may be pointed at another storage meanwhile). A config deleted takes its sessions along,
 *   as it takes its ledger row: nothing is left to release.
 * - `reserved_bytes`: what init reserved. Sessions begun before this migration have NULL
 *   and 0: they release nothing, and their complete reserves what it adds, as before.
 *
 * SQLite takes one column per ALTER TABLE, so each is its own statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fs_upload_sessions')
    .addColumn('config_id', 'varchar(64)', (c) =>
      c.references('storage_configs.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .alterTable('fs_upload_sessions')
    .addColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fs_upload_sessions').dropColumn('reserved_bytes').execute();
  await db.schema.alterTable('fs_upload_sessions').dropColumn('config_id').execute();
}
