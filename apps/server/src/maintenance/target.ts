import { sql, type Kysely } from 'kysely';
import {
  knownMigrationNames,
  migrateToLatest,
  migrateUpTo,
  openDatabase,
  type DatabaseHandle,
} from '../db/database';
import type { DatabaseLocation } from './database-url';
import type { Row } from './rows';
import { applicationTables, untyped, type AnyDatabase, type TableShape } from './schema';

/**
 * Rows the migrations themselves write — 002's default local storage, 011's ledger row
 * for it, 009's epoch — and how many: a target holding no more than these is fresh, and
 * they make way for the source's rows.
 */
const SEEDED_ROWS = new Map([
  ['storage_configs', 1],
  ['storage_usage', 1],
  ['revocation_epoch', 1],
]);

/** Bound parameters per INSERT, well under SQLite's 32766 and PostgreSQL's 65535. */
const PARAMETERS_PER_INSERT = 10_000;

export class TargetNotEmptyError extends Error {}

export interface Target {
  handle: DatabaseHandle;
  db: Kysely<AnyDatabase>;
}

/** Opens the database a restore or migrate-db writes to, as the server opens it. */
export function openTarget(location: DatabaseLocation): Target {
  const handle = openDatabase(location.url, '.');
  return { handle, db: untyped(handle.db) };
}

/**
 * Refuses a target holding anything: a table of the application with a row, beyond the
 * ones the migrations seed. A database that never ran a migration is empty by definition.
 */
export async function assertTargetEmpty(target: Target, label: string): Promise<void> {
  const tables = await applicationTables(target.db, target.handle.dialect);
  for (const table of tables) {
    const seeded = SEEDED_ROWS.get(table.name) ?? 0;
    const { rows } = await sql<{ found: number }>`
      select 1 as found from ${sql.table(table.name)} limit ${seeded + 1}`.execute(target.db);
    if (rows.length > seeded) {
      throw new TargetNotEmptyError(
        `${label} is not empty (table ${table.name} has rows); restore and migrate-db write only into a fresh database`,
      );
    }
  }
}

/**
 * Brings the target's schema to the one the rows were read from (so a copy from an older
 * Pastebox lands in its own schema, and the newer migrations then carry it forward as
 * they would carry the server's own database), and answers its tables.
 */
export async function prepareSchema(
  target: Target,
  migrations: readonly string[],
): Promise<TableShape[]> {
  const last = migrations[migrations.length - 1];
  if (!last || !knownMigrationNames().includes(last)) {
    throw new Error('the source lists no migration this build knows');
  }
  await migrateUpTo(target.handle.db, last);
  return applicationTables(target.db, target.handle.dialect);
}

/** Runs the migrations the source had not run yet, once its rows are in. */
export function finishSchema(target: Target): Promise<void> {
  return migrateToLatest(target.handle.db);
}

/** Writes rows of one table, a few hundred per INSERT. */
export async function insertRows(
  db: Kysely<AnyDatabase>,
  table: TableShape,
  rows: readonly Row[],
): Promise<void> {
  const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / table.columns.length));
  for (let start = 0; start < rows.length; start += perInsert) {
    await db
      .insertInto(table.name)
      .values(rows.slice(start, start + perInsert))
      .execute();
  }
}

/** Empties the tables the migrations seeded, so the source's rows take their place. */
export async function clearSeededRows(
  db: Kysely<AnyDatabase>,
  tables: readonly TableShape[],
): Promise<void> {
  // Children first: the ledger row references its storage config.
  for (const table of [...tables].reverse()) {
    if (SEEDED_ROWS.has(table.name)) {
      await db.deleteFrom(table.name).execute();
    }
  }
}

/** The target's tables must be the source's: same names, same columns. */
export function assertSameTables(
  source: readonly TableShape[],
  target: readonly TableShape[],
): void {
  const shape = (tables: readonly TableShape[]) =>
    tables
      .map((t) => `${t.name}(${t.columns.map((c) => c.name).join(',')})`)
      .sort()
      .join(' ');
  if (shape(source) !== shape(target)) {
    throw new Error('the target schema differs from the source schema at the same migration');
  }
}
