import type { Kysely } from 'kysely';

/** Admins, sessions, API keys, pastes, rate limits and settings (issue: foundation). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('admin_id', 'varchar(64)', (c) =>
      c.notNull().references('admins.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_sessions_admin_id')
    .on('admin_sessions')
    .column('admin_id')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_cipher', 'text', (c) => c.notNull())
    .addColumn('text_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mount_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('basic_path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('pastes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('format', 'varchar(16)', (c) => c.notNull().defaultTo('markdown'))
    .addColumn('remark', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pastes_created_by').on('pastes').column('created_by').execute();
  await db.schema.createIndex('pastes_expires_at').on('pastes').column('expires_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'system_settings',
    'rate_limits',
    'pastes',
    'api_keys',
    'admin_sessions',
    'admins',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
