import { sql, type Kysely } from 'kysely';

/**
 * The sweeper removes expired bundles as it removes expired file shares (issue 33). As
 * migration 010 did for pastes and files, the index it reads holds only the bundles that
 * have an expiry (`WHERE expires_at IS NOT NULL`, which the sweep's query says too), so a
 * bundle made without one writes no index entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bundles_expires_at')
    .on('bundles')
    .column('expires_at')
    .where(sql.ref('expires_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bundles_expires_at').execute();
}
