import type { Kysely } from 'kysely';

/**
 * Mounts, the file system's upload sessions and background tasks (issue 9, DESIGN §7).
 *
 * - mounts: a virtual path mapped to a storage config. cache_epoch grows with every write
 *   through the product, so an instance drops cached listings another instance made stale.
 * - fs_upload_sessions: multipart uploads into a mount, resumable and swept when abandoned.
 * - tasks: background jobs claimed with a lease (lease_owner, lease_expires_at), so a task
 *   survives a restart and another instance takes over a dead one's task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mounts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('storage_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('storage_config_id', 'varchar(64)', (c) =>
      c.notNull().references('storage_configs.id'),
    )
    .addColumn('mount_path', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('remark', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cache_ttl', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('cache_epoch', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mounts_storage_config_id')
    .on('mounts')
    .column('storage_config_id')
    .execute();

  await db.schema
    .createTable('fs_upload_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mount_id', 'varchar(64)', (c) =>
      c.notNull().references('mounts.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'varchar(255)')
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('part_size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fs_upload_sessions_expires_at')
    .on('fs_upload_sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('total_items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('success_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_file', 'text')
    .addColumn('error', 'text')
    .addColumn('failures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('checkpoint', 'text')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('tasks_status').on('tasks').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('tasks_created_by').on('tasks').column('created_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tasks').ifExists().execute();
  await db.schema.dropTable('fs_upload_sessions').ifExists().execute();
  await db.schema.dropTable('mounts').ifExists().execute();
}
