import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';

/** A column as the copy needs it: integers are read back as numbers on both databases. */
export interface ColumnShape {
  name: string;
  integer: boolean;
}

/** An application table of the migrated schema. */
export interface TableShape {
  name: string;
  columns: ColumnShape[];
  /** The primary key's columns, in key order: rows are read in batches along it. */
  primaryKey: string[];
  /** Tables this one references, which must be written before it. */
  references: string[];
}

/** A database whose tables are known only when it runs: every table a record of values. */
export type AnyDatabase = Record<string, Record<string, unknown>>;

/** `db` seen as a database of any tables: the copy names tables it discovered. */
export function untyped<DB>(db: Kysely<DB>): Kysely<AnyDatabase> {
  return db as unknown as Kysely<AnyDatabase>;
}

async function primaryKeyOf(db: Kysely<AnyDatabase>, dialect: Dialect, table: string) {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  return rows.map((row) => row.name);
}

async function referencesOf(db: Kysely<AnyDatabase>, dialect: Dialect, table: string) {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ parent: string }>`
          select distinct "table" as parent from pragma_foreign_key_list(${table})`.execute(db)
      : await sql<{ parent: string }>`
          select distinct confrelid::regclass::text as parent from pg_constraint
          where contype = 'f' and conrelid = ${table}::regclass`.execute(db);
  return rows.map((row) => row.parent).filter((parent) => parent !== table);
}

/** Orders tables so each comes after every table it references (Kahn's algorithm). */
function inReferenceOrder(tables: TableShape[]): TableShape[] {
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  let waiting = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (waiting.length > 0) {
    const ready = waiting.filter((t) => t.references.every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      throw new Error(`foreign keys form a cycle among ${waiting.map((t) => t.name).join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    waiting = waiting.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/**
 * The application's tables as the migrated schema has them — Kysely's migration tables
 * left out (a target gets those from running the migrations) — in foreign-key order.
 */
export async function applicationTables(
  db: Kysely<AnyDatabase>,
  dialect: Dialect,
): Promise<TableShape[]> {
  const found = await db.introspection.getTables();
  const tables: TableShape[] = [];
  for (const table of found) {
    if (table.isView || (dialect === 'postgres' && table.schema !== 'public')) {
      continue;
    }
    tables.push({
      name: table.name,
      columns: table.columns
        .map((c) => ({ name: c.name, integer: /int/i.test(c.dataType) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      primaryKey: await primaryKeyOf(db, dialect, table.name),
      references: await referencesOf(db, dialect, table.name),
    });
  }
  return inReferenceOrder(tables);
}
