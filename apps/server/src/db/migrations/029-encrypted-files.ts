import type { Kysely } from 'kysely';

/**
 * End-to-end encrypted file shares (issue 35, docs/encryption.md): the object is a sealed
 * blob the server cannot read, `encrypted` says so, and `encrypted_meta` holds the file's
 * real name and type, sealed by the browser with the `metadata` key (base64url; the
 * `filename` column then holds a neutral name). 0 and NULL for every share made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('encrypted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('files').addColumn('encrypted_meta', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('encrypted_meta').execute();
  await db.schema.alterTable('files').dropColumn('encrypted').execute();
}
