import type { Kysely } from 'kysely';

/**
 * Quota holds (issue 32, DESIGN §5 "A member's quota is the same kind of ledger"): the
 * bytes of a member's file uploads that are in flight and not yet a files row. What the
 * member already stores is the sum of its file shares (pending ones hold their announced
 * size), read from the files table itself, so it cannot drift; only writes in flight need
 * a figure of their own. A reservation is one conditional UPDATE of this row — the row's
 * lock puts parallel uploads of one member in a line, so together they can never pass the
 * quota — and it is given back as soon as the upload's files row exists (or it failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quota_holds')
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quota_holds').execute();
}
