import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The dashboard's history (issue 30, "Creation is history"): how many shares created on
 * each UTC day have since been removed, per kind. The dashboard counts a day's creations
 * as the rows of that day still stored plus this tally (modules/dashboard/repo.ts), so a
 * paste used up and swept, or a file share deleted, still counts on the day it was made.
 *
 * Triggers keep the tally, inside the statement that deletes, so every way a share goes
 * (the sweeper, a delete by hand or in bulk, one to come) is counted once and at the same
 * moment the row goes: one statement of the dashboard sees each share either as a row or
 * in the tally, never both and never neither, on every instance. A create writes nothing
 * more: it stays the one INSERT that docs/performance.md measures.
 *
 * - `kind`: 'paste' or 'file'.
 * - `created_day`: the share's created_at day, YYYY-MM-DD (how created_at begins).
 * - `removed`: how many of that day's shares are gone. A file counts only once it was
 *   ready: an upload abandoned or cancelled before its commit was never a share.
 *
 * Nothing is back-filled: a share removed before this migration left nothing to count.
 */
const TALLIED = [
  { table: 'pastes', kind: 'paste', readyOnly: false },
  { table: 'files', kind: 'file', readyOnly: true },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_removals')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('removed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('share_removals_pk', ['kind', 'created_day'])
    .execute();
  for (const { table, kind, readyOnly } of TALLIED) {
    if (isPostgres(db)) {
      // Once per statement over its deleted rows: a sweep of thousands is one upsert a day.
      await sql
        .raw(
          `create function ${table}_tally_removed() returns trigger language plpgsql as $$
           begin
             insert into share_removals (kind, created_day, removed)
             select '${kind}', substr(created_at, 1, 10), count(*) from gone
             where ${readyOnly ? "status = 'ready'" : 'true'} group by substr(created_at, 1, 10)
             on conflict (kind, created_day)
             do update set removed = share_removals.removed + excluded.removed;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_tally_removed after delete on ${table}
           referencing old table as gone
           for each statement execute function ${table}_tally_removed()`,
        )
        .execute(db);
    } else {
      // SQLite has row triggers only; its writes are serial, so the upsert needs no more.
      await sql
        .raw(
          `create trigger ${table}_tally_removed after delete on ${table}
           ${readyOnly ? "when old.status = 'ready'" : ''}
           begin
             insert into share_removals (kind, created_day, removed)
             values ('${kind}', substr(old.created_at, 1, 10), 1)
             on conflict (kind, created_day) do update set removed = removed + 1;
           end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of TALLIED) {
    await sql.raw(`drop trigger if exists ${table}_tally_removed${onTable(db, table)}`).execute(db);
    if (isPostgres(db)) {
      await sql.raw(`drop function if exists ${table}_tally_removed()`).execute(db);
    }
  }
  await db.schema.dropTable('share_removals').ifExists().execute();
}

/** PostgreSQL names a trigger with its table; SQLite's trigger names are global. */
function onTable(db: Kysely<unknown>, table: string): string {
  return isPostgres(db) ? ` on ${table}` : '';
}
