import type { Kysely } from 'kysely';

/**
 * Private file shares (issue 33, DESIGN §13): a file stored for its owner but not opened
 * through its public link by anyone else — the files a stranger sends through a file
 * request, and the members of a bundle uploaded as one link. The owner's lists show them;
 * "share it" clears the flag. 0 for every share made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('private').execute();
}
