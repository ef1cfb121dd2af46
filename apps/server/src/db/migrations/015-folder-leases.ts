import type { Kysely } from 'kysely';

/**
 * Leases on S3 folders being moved or deleted (issue 29, "Concurrency"). S3 has no rename:
 * a folder moves object by object, so two moves of one folder running on two processes of
 * a cluster (WORKERS) or on two instances would each copy it. A move or delete first
 * takes a lease here on every folder it touches; a lease whose folder is the same as,
 * inside or above another holder's unexpired one is refused (modules/mounts/folder-leases.ts).
 * One row per folder of a lease:
 *
 * - `lease_id`: the lease (a move holds two rows under one id: its source and its target).
 * - `config_id`: the storage config whose keys `prefix` names (a config deleted takes its
 *   rows along).
 * - `prefix`: the folder key with a trailing slash ('a/b/'), so a prefix test is the
 *   overlap rule and 'a/b/' never covers 'a/bc/'.
 * - `holder`: which process holds it (host:pid:random), for the operator reading the table.
 * - `expires_at`: renewed while the move runs; a holder killed mid-move stops renewing, and
 *   once it is past another instance may take the folder and finish the move.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folder_leases')
    .addColumn('lease_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('config_id', 'varchar(64)', (c) =>
      c.notNull().references('storage_configs.id').onDelete('cascade'),
    )
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('folder_leases_pk', ['lease_id', 'prefix'])
    .execute();
  // A claim reads every lease of its config.
  await db.schema
    .createIndex('folder_leases_config')
    .on('folder_leases')
    .column('config_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('folder_leases').ifExists().execute();
}
