import type { Kysely } from 'kysely';

/**
 * File requests (issue 33, DESIGN §13): a link through which a stranger sends the owner
 * files or a text.
 *
 * - `file_requests`: the request, a share (slug, password, expiry, views = page openings)
 *   with an allowance. `files_reserved`/`bytes_reserved` are uploads in flight: an upload
 *   reserves one file and its bytes in ONE conditional UPDATE (received + reserved + this
 *   must fit the limits), so parallel uploaders cannot overshoot; it moves them to
 *   `*_received` when its record is in, or gives them back when it fails. The owner is
 *   kept as the principal it was (`owner_kind`, `owner_id`, base path, account), so the
 *   stranger's uploads run as the owner's own: same quota, same base path, same locks.
 * - `request_reservations`: one row per reservation in flight, so a sweeper can give back
 *   what a dead process or an abandoned multipart session held.
 * - `request_tokens`: the stranger's upload tokens, stored hashed, short-lived.
 * - `request_uploads`: what arrived (who, from where, what, where it landed).
 * - `pastes.private`: a text answer is a paste only its owner reads (the public read 404s).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_files', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_file_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_total_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allowed_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('require_name', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('require_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_type', 'varchar(16)')
    .addColumn('s3_config_id', 'varchar(64)')
    .addColumn('mount_path', 'text')
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret_cipher', 'text')
    .addColumn('files_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('files_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_reserved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('owner_account_id', 'varchar(64)')
    .addColumn('owner_base_path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_requests_created_by')
    .on('file_requests')
    .columns(['created_by', 'created_at'])
    .execute();

  await db.schema
    .createTable('request_reservations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('request_id', 'varchar(64)', (c) =>
      c.notNull().references('file_requests.id').onDelete('cascade'),
    )
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'varchar(64)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_reservations_expires_at')
    .on('request_reservations')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('request_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('request_id', 'varchar(64)', (c) =>
      c.notNull().references('file_requests.id').onDelete('cascade'),
    )
    .addColumn('uploader_name', 'varchar(100)')
    .addColumn('uploader_email', 'varchar(254)')
    .addColumn('address', 'varchar(64)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_tokens_expires_at')
    .on('request_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('request_uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('request_id', 'varchar(64)', (c) =>
      c.notNull().references('file_requests.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('uploader_name', 'varchar(100)')
    .addColumn('uploader_email', 'varchar(254)')
    .addColumn('address', 'varchar(64)')
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'varchar(64)', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('mount_path', 'text')
    .addColumn('paste_id', 'varchar(64)', (c) => c.references('pastes.id').onDelete('set null'))
    .addColumn('paste_slug', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_uploads_request')
    .on('request_uploads')
    .columns(['request_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('pastes')
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pastes').dropColumn('private').execute();
  await db.schema.dropTable('request_uploads').ifExists().execute();
  await db.schema.dropTable('request_tokens').ifExists().execute();
  await db.schema.dropTable('request_reservations').ifExists().execute();
  await db.schema.dropTable('file_requests').ifExists().execute();
}
