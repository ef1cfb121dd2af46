import type { Kysely } from 'kysely';

/**
 * End-to-end encrypted text shares (issue 35, docs/encryption.md): the content is a sealed
 * blob the server cannot read, and this flag says so, so that no list previews it and no
 * page shows it as text. 0 for every share made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pastes')
    .addColumn('encrypted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pastes').dropColumn('encrypted').execute();
}
