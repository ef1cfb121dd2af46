import type { Kysely } from 'kysely';

/**
 * Visits of file shares (issue 7, DESIGN §5): opening a share creates one row, and its
 * preview and download links name it by an unguessable token (the row keeps only the
 * token's SHA-256). Each served range reserves its bytes against byte_budget, so a link
 * passed around serves a bounded amount whatever instance answers. expires_at slides
 * forward on use, never past max_expires_at. Deleting the share deletes its visits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_visits')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(64)', (c) =>
      c.notNull().references('files.id').onDelete('cascade'),
    )
    .addColumn('byte_budget', 'bigint', (c) => c.notNull())
    .addColumn('bytes_served', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('max_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_visits_file_id')
    .on('share_visits')
    .column('file_id')
    .execute();
  await db.schema
    .createIndex('share_visits_expires_at')
    .on('share_visits')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_visits').ifExists().execute();
}
