import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/**
 * What migration 004 created for share_visits and migration 008 restates when it rebuilds
 * the table: the columns after the share reference, and the two indexes. Both migrations
 * read them from here, so they are part of two migrations that have already run: never
 * change them; a later migration alters the table instead.
 */
const VISIT_ACCOUNTING_COLUMNS: readonly [
  name: string,
  type: 'bigint' | 'varchar(32)',
  build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
][] = [
  ['byte_budget', 'bigint', (c) => c.notNull()],
  ['bytes_served', 'bigint', (c) => c.notNull().defaultTo(0)],
  ['expires_at', 'varchar(32)', (c) => c.notNull()],
  ['max_expires_at', 'varchar(32)', (c) => c.notNull()],
  ['created_at', 'varchar(32)', (c) => c.notNull()],
];

/** share_visits' indexes as 004 made them: by share and by expiry (for the sweep). */
const VISIT_INDEXES = [
  { name: 'share_visits_file_id', column: 'file_id' },
  { name: 'share_visits_expires_at', column: 'expires_at' },
] as const;

/** `table` with the visit's byte budget, served bytes and times added, in 004's order. */
export function withVisitAccountingColumns(
  table: CreateTableBuilder<string, string>,
): CreateTableBuilder<string, string> {
  return VISIT_ACCOUNTING_COLUMNS.reduce(
    (next, [name, type, build]) => next.addColumn(name, type, build),
    table,
  );
}

/** Creates 004's indexes on share_visits. */
export async function indexShareVisits(db: Kysely<unknown>): Promise<void> {
  for (const index of VISIT_INDEXES) {
    await db.schema.createIndex(index.name).on('share_visits').column(index.column).execute();
  }
}
