import type { Kysely } from 'kysely';

/**
 * The audit log (issue 32, DESIGN §12): an append-only record of what matters for
 * security and for "who did this". Written only through modules/audit (batched off the
 * request's path), read by the admin's audit page, swept by age (the retention setting).
 *
 * - `id`: a UUID v7, so ids sort by time and the newest page is the index's right edge.
 * - `at`: ISO time of the event.
 * - `actor_type`: 'account' (a session or WebDAV password), 'apikey', or 'anonymous'.
 * - `actor_id`: the account's id or 'apikey:{id}'; NULL for anonymous.
 * - `actor_name`: the username or key name as it was then (an account deleted later still
 *   reads as who it was).
 * - `ip`, `user_agent`: where the request came from.
 * - `action`: a dotted name, e.g. `auth.sign_in`, `share.delete`, `fs.write`.
 * - `target`: what it acted on: a share slug, a path, an account's username…
 * - `outcome`: 'success' or 'failure'.
 * - `detail`: a small JSON object (size, factor, reason), or NULL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(100)')
    .addColumn('actor_name', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
  await db.schema
    .createIndex('audit_events_action_at')
    .on('audit_events')
    .columns(['action', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_events_actor_at')
    .on('audit_events')
    .columns(['actor_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
