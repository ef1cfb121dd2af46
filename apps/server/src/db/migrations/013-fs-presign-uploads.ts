import type { Kysely } from 'kysely';

/**
 * Presigned single PUTs into a mount hold their capacity (issue 29, DESIGN §5): fs presign
 * reserves the announced size on the ledger before it signs, and the reservation must
 * outlive the request — until the commit settles it, or the sweeper releases it once the
 * signed URL has expired. One row per presign records it:
 *
 * - `config_id`: the ledger the bytes are reserved on (the storage, not the mount: a mount
 *   deleted meanwhile must not leak the reservation; a config deleted takes its rows along).
 * - `reserved_bytes`: the size presign reserved (the signed URL lets no more in).
 * - `replaced_bytes` / `replaced_etag`: the object at the key when presign ran (NULL: none).
 *   At commit the PUT has already overwritten it, so this is the only moment it can be read;
 *   it is also how the sweeper tells whether the PUT arrived without a commit.
 * - `settled_at`: set once by the commit (or the sweeper) that counted the upload, so a
 *   repeated commit counts nothing; such rows are kept a while for that, then deleted.
 *
 * A table of its own rather than rows in fs_upload_sessions: a multipart session has an
 * upload id and parts to abort, which every reader of that table (resume, sweep) assumes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fs_presign_uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('config_id', 'varchar(64)', (c) =>
      c.notNull().references('storage_configs.id').onDelete('cascade'),
    )
    .addColumn('mount_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('reserved_bytes', 'bigint', (c) => c.notNull())
    .addColumn('replaced_bytes', 'bigint')
    .addColumn('replaced_etag', 'text')
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    .execute();
  // The commit finds a presign by the object it names.
  await db.schema
    .createIndex('fs_presign_uploads_key')
    .on('fs_presign_uploads')
    .columns(['config_id', 'storage_key'])
    .execute();
  // The sweeper reads them by expiry (open ones to release, settled ones to forget).
  await db.schema
    .createIndex('fs_presign_uploads_expires_at')
    .on('fs_presign_uploads')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fs_presign_uploads').ifExists().execute();
}
