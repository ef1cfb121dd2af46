import type { Kysely } from 'kysely';

/**
 * Webhook deliveries (issue 33, DESIGN §13): one row per event sent to a URL, worked on by
 * the job runner (src/jobs) through its own JobStore (modules/webhooks/job-store.ts).
 * They live apart from `tasks` because the Tasks panel shows tasks to their owners as
 * copies and moves (bytes, items, cancel), and a delivery waits between attempts, which
 * the tasks table has no column for.
 *
 * - `body`: the exact JSON sent, fixed at enqueue, so every attempt sends (and signs) the
 *   same bytes.
 * - `secret_cipher`: the HMAC key, sealed with SECRET (lib/crypto.ts SecretBox).
 * - `status`: pending (waiting for `next_attempt_at`), running (claimed under a lease),
 *   delivered, failed (given up).
 * - `attempts`: HTTP attempts made; `claims`: runner claims of the attempt under way (more
 *   than one: a runner died mid-attempt and another took it over).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(100)')
    .addColumn('event', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_cipher', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claims', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  // The runner's claim: pending rows that are due, and running rows whose lease ran out.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // The sweeper clears finished deliveries after their retention.
  await db.schema
    .createIndex('webhook_deliveries_finished')
    .on('webhook_deliveries')
    .column('finished_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
}
