import { sql, type Kysely } from 'kysely';
import { indexShareVisits, withVisitAccountingColumns } from './share-visits-columns';

/**
 * Visits of text shares (issue 13): the raw link of a paste page carries a visit's token,
 * as a file page's preview and download links do, so a reader spends one view per visit
 * and never puts the password in a URL. A visit now names its share by exactly one of
 * `file_id` and `paste_id`, each cascading from its share table.
 *
 * SQLite cannot relax a NOT NULL column in place, so the table is rebuilt (on both
 * databases, one code path): a new table, the visits copied over, the old one dropped and
 * the new one renamed. Visits live minutes; copying keeps the links already handed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createVisitsTable(db, 'share_visits_next', { pastes: true });
  await sql`insert into share_visits_next
    (id, file_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at)
    select id, file_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at
    from share_visits`.execute(db);
  await swapIn(db, { pastes: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createVisitsTable(db, 'share_visits_next', { pastes: false });
  await sql`insert into share_visits_next
    (id, file_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at)
    select id, file_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at
    from share_visits where file_id is not null`.execute(db);
  await swapIn(db, { pastes: false });
}

/** The visits table of migration 004, plus (with `pastes`) visits of text shares. */
async function createVisitsTable(
  db: Kysely<unknown>,
  name: string,
  options: { pastes: boolean },
): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(64)', (c) => {
      const column = c.references('files.id').onDelete('cascade');
      return options.pastes ? column : column.notNull();
    });
  if (options.pastes) {
    table = table
      .addColumn('paste_id', 'varchar(64)', (c) => c.references('pastes.id').onDelete('cascade'))
      .addCheckConstraint('share_visits_one_share', sql`(file_id is null) <> (paste_id is null)`);
  }
  await withVisitAccountingColumns(table).execute();
}

/** Replaces share_visits by share_visits_next and indexes it as 004 did. */
async function swapIn(db: Kysely<unknown>, options: { pastes: boolean }): Promise<void> {
  await db.schema.dropTable('share_visits').execute();
  await db.schema.alterTable('share_visits_next').renameTo('share_visits').execute();
  await indexShareVisits(db);
  if (options.pastes) {
    await db.schema
      .createIndex('share_visits_paste_id')
      .on('share_visits')
      .column('paste_id')
      .execute();
  }
}
