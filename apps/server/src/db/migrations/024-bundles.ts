import { sql, type Kysely } from 'kysely';
import { indexShareVisits, withVisitAccountingColumns } from './share-visits-columns';

/**
 * Bundles (issue 33, DESIGN §13): several file shares behind one link. A bundle is a share
 * of its own (slug, password, expiry, view limit) in `bundles`; `bundle_files` lists its
 * files in order. Deleting a file takes it out of its bundles (cascade); deleting a bundle
 * leaves its files alone (the service deletes them when asked to).
 *
 * A visit may now name a bundle (its ZIP link): `share_visits.bundle_id`, cascading from
 * `bundles`. Migration 008's check allowed exactly one of file_id and paste_id, and SQLite
 * cannot change a check in place, so the table is rebuilt as 008 did (on both databases,
 * one code path): visits live minutes, copying keeps the links already handed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bundles')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('title', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bundles_created_by').on('bundles').column('created_by').execute();
  await db.schema.createIndex('bundles_created_at').on('bundles').column('created_at').execute();

  await db.schema
    .createTable('bundle_files')
    .addColumn('bundle_id', 'varchar(64)', (c) =>
      c.notNull().references('bundles.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(64)', (c) =>
      c.notNull().references('files.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_files_pk', ['bundle_id', 'file_id'])
    .execute();
  // The cascade from files looks bundle_files up by file.
  await db.schema
    .createIndex('bundle_files_file_id')
    .on('bundle_files')
    .column('file_id')
    .execute();

  await createVisitsTable(db, NEXT_TABLE, { bundles: true });
  await sql`insert into ${sql.table(NEXT_TABLE)}
    (id, file_id, paste_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at)
    select id, file_id, paste_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at
    from share_visits`.execute(db);
  await swapIn(db, { bundles: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createVisitsTable(db, NEXT_TABLE, { bundles: false });
  await sql`insert into ${sql.table(NEXT_TABLE)}
    (id, file_id, paste_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at)
    select id, file_id, paste_id, byte_budget, bytes_served, expires_at, max_expires_at, created_at
    from share_visits where bundle_id is null`.execute(db);
  await swapIn(db, { bundles: false });
  await db.schema.dropTable('bundle_files').execute();
  await db.schema.dropTable('bundles').execute();
}

/**
 * Not 008's `share_visits_next`: on PostgreSQL its renamed table still owns the primary-key
 * index `share_visits_next_pkey`, and a new table of that name would need the same index name.
 */
const NEXT_TABLE = 'share_visits_024';

/** 1 when `column` is set, else 0: the terms of "exactly one share" on both databases. */
function isSet(column: string) {
  return sql`(case when ${sql.ref(column)} is null then 0 else 1 end)`;
}

/** The visits table of migration 008, plus (with `bundles`) visits of bundles. */
async function createVisitsTable(
  db: Kysely<unknown>,
  name: string,
  options: { bundles: boolean },
): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(64)', (c) => c.references('files.id').onDelete('cascade'))
    .addColumn('paste_id', 'varchar(64)', (c) => c.references('pastes.id').onDelete('cascade'));
  if (options.bundles) {
    table = table
      .addColumn('bundle_id', 'varchar(64)', (c) => c.references('bundles.id').onDelete('cascade'))
      .addCheckConstraint(
        'share_visits_one_share',
        sql`${isSet('file_id')} + ${isSet('paste_id')} + ${isSet('bundle_id')} = 1`,
      );
  } else {
    table = table.addCheckConstraint(
      'share_visits_one_share',
      sql`(file_id is null) <> (paste_id is null)`,
    );
  }
  await withVisitAccountingColumns(table).execute();
}

/** Replaces share_visits by the new table and indexes it as 004 and 008 did. */
async function swapIn(db: Kysely<unknown>, options: { bundles: boolean }): Promise<void> {
  await db.schema.dropTable('share_visits').execute();
  await db.schema.alterTable(NEXT_TABLE).renameTo('share_visits').execute();
  await indexShareVisits(db);
  await db.schema
    .createIndex('share_visits_paste_id')
    .on('share_visits')
    .column('paste_id')
    .execute();
  if (options.bundles) {
    await db.schema
      .createIndex('share_visits_bundle_id')
      .on('share_visits')
      .column('bundle_id')
      .execute();
  }
}
