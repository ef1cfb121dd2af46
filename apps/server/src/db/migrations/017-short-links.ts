import type { Kysely } from 'kysely';

/**
 * Short links to signed file links (issue 30): the explorer's share QR encoded a signed URL
 * of some 300 characters, too dense for a phone's camera. A short link is a row that maps
 * an unguessable code to that URL and lives exactly as long as it:
 *
 * - `code`: 12 random letters and digits without look-alikes (about 70 bits), the path of
 *   `/api/s/{code}`; the primary key, so a collision is refused by the database.
 * - `target_url`: the absolute signed URL the code redirects to (presigned S3 GET, or the
 *   local driver's HMAC link to this server). Nothing else is reachable through a code.
 * - `path`: the virtual path it was made for, for the operator reading the table.
 * - `created_by`: the admin's id or 'apikey:{id}' (SPEC §3), for the same reader.
 * - `expires_at`: the signed URL's own expiry; past it the code answers as gone, and the
 *   sweeper deletes the row (an index keeps that read cheap).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('short_links')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('short_links_expires_at')
    .on('short_links')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('short_links').ifExists().execute();
}
