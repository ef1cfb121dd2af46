import type { Kysely } from 'kysely';

/**
 * File shares and multipart upload sessions (issue 3). A share is 'pending' while a
 * presigned or multipart upload is in flight and 'ready' once committed; public links see
 * only ready ones. Sizes are bigint (files pass 2 GiB), read back with Number().
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('s3_config_id', 'varchar(64)', (c) =>
      c.notNull().references('storage_configs.id').onDelete('restrict'),
    )
    .addColumn('path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('storage_path', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('etag', 'varchar(200)')
    .addColumn('remark', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ready'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_created_by').on('files').column('created_by').execute();
  await db.schema.createIndex('files_s3_config_id').on('files').column('s3_config_id').execute();
  await db.schema.createIndex('files_expires_at').on('files').column('expires_at').execute();
  await db.schema
    .createIndex('files_status')
    .on('files')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(64)', (c) =>
      c.notNull().unique().references('files.id').onDelete('cascade'),
    )
    .addColumn('s3_config_id', 'varchar(64)', (c) =>
      c.notNull().references('storage_configs.id').onDelete('restrict'),
    )
    .addColumn('storage_path', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'varchar(1024)', (c) => c.notNull())
    .addColumn('part_size', 'bigint', (c) => c.notNull())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_sessions_expires_at')
    .on('upload_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_sessions').ifExists().execute();
  await db.schema.dropTable('files').ifExists().execute();
}
