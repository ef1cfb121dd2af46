import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Storage configs (SPEC §3 "S3 config", issue 3), and the default `local` config of the
 * first start (DESIGN §6). Seeding it here makes it exactly-once even when several
 * instances start together: Kysely runs migrations under a lock on both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_configs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('provider_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('endpoint_url', 'text')
    .addColumn('region', 'varchar(64)')
    .addColumn('bucket_name', 'varchar(255)')
    .addColumn('path_style', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_key_cipher', 'text')
    .addColumn('secret_key_cipher', 'text')
    .addColumn('default_folder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom_host', 'text')
    .addColumn('signature_expires_in', 'integer', (c) => c.notNull().defaultTo(3600))
    .addColumn('total_storage_bytes', 'bigint')
    // Local configs: an absolute directory, or one relative to DATA_DIR.
    .addColumn('root_path', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // At most one default: a partial unique index (both SQLite and PostgreSQL have them).
  await db.schema
    .createIndex('storage_configs_one_default')
    .on('storage_configs')
    .column('is_default')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  const now = new Date().toISOString();
  await sql`
    INSERT INTO storage_configs
      (id, name, provider_type, path_style, default_folder, signature_expires_in,
       root_path, is_default, created_at, updated_at)
    VALUES
      (${randomUUID()}, 'Local storage', 'local', 0, '', 3600, 'files', 1, ${now}, ${now})
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_configs').ifExists().execute();
}
