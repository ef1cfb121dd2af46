import type { Kysely } from 'kysely';

/**
 * What an importer brought in (issue 36, docs/import-cloudpaste.md): one row per item taken
 * from another product, so a second run of the same import skips what it already made
 * instead of matching on slugs or names, which the operator may have changed since.
 *
 * - `source`: the product imported from ('cloudpaste').
 * - `kind`: 'storage-config' | 'file' | 'mount' | 'paste' | 'api-key'.
 * - `source_id`: the item's id in that product's database.
 * - `target_id`: the id of what the import made here; a file's import finds the storage
 *   config its object lives on through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_origins')
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('imported_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_origins_pk', ['source', 'kind', 'source_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_origins').ifExists().execute();
}
