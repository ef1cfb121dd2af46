import type { Kysely } from 'kysely';
import { indexShareVisits, withVisitAccountingColumns } from './share-visits-columns';

/**
 * Visits of file shares (issue 7, DESIGN §5): opening a share creates one row, and its
 * preview and download links name it by an unguessable token (the row keeps only the
 * token's SHA-256). Each served range reserves its bytes against byte_budget, so a link
 * passed around serves a bounded amount whatever instance answers. expires_at slides
 * forward on use, never past max_expires_at. Deleting the share deletes its visits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema
    .createTable('share_visits')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(64)', (c) =>
      c.notNull().references('files.id').onDelete('cascade'),
    );
  await withVisitAccountingColumns(table).execute();
  await indexShareVisits(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_visits').ifExists().execute();
}
