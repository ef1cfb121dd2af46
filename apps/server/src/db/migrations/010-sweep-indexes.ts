import { sql, type Kysely } from 'kysely';

/**
 * Indexes shaped for the sweeper, and cheaper for every create (issue 12).
 *
 * `pastes_expires_at` and `files_expires_at` indexed every row, though only the sweep reads
 * them and only for rows that have an expiry: every create without one (most of them) paid
 * an index write for nothing. They become partial, `WHERE expires_at IS NOT NULL`; the
 * sweep's statements say `expires_at IS NOT NULL`, so both databases use them.
 *
 * `pastes_view_limited` lets the sweep find the shares that ran out of views without
 * reading the whole table: it holds only shares with a limit, and on `max_views` alone,
 * so a counted view (an update of `views`) never touches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pastes', 'files']) {
    await db.schema.dropIndex(`${table}_expires_at`).execute();
    await db.schema
      .createIndex(`${table}_expires_at`)
      .on(table)
      .column('expires_at')
      .where(sql.ref('expires_at'), 'is not', null)
      .execute();
  }
  await db.schema
    .createIndex('pastes_view_limited')
    .on('pastes')
    .column('max_views')
    .where(sql.ref('max_views'), '>', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pastes_view_limited').execute();
  for (const table of ['pastes', 'files']) {
    await db.schema.dropIndex(`${table}_expires_at`).execute();
    await db.schema.createIndex(`${table}_expires_at`).on(table).column('expires_at').execute();
  }
}
