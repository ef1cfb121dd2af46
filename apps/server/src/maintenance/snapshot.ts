import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { knownMigrationNames, openDatabase } from '../db/database';
import type { DatabaseLocation } from './database-url';
import { applicationTables, untyped, type AnyDatabase, type TableShape } from './schema';

/** One consistent view of a database while its server keeps writing. */
export interface Snapshot {
  db: Transaction<AnyDatabase>;
  tables: TableShape[];
  /** The migrations the database has run, in order: the schema its rows belong to. */
  migrations: string[];
}

async function executedMigrations(db: Kysely<AnyDatabase>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name`.execute(db);
    return rows.map((row) => row.name);
  } catch {
    throw new Error('this database has no Pastebox migrations: is it a Pastebox database?');
  }
}

/** Refuses a database that ran a migration this build does not know (a newer Pastebox). */
export function assertKnownMigrations(migrations: readonly string[]): void {
  const known = new Set(knownMigrationNames());
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `the data comes from a newer Pastebox (migrations ${unknown.join(', ')} are unknown to this build); use that version`,
    );
  }
}

function openSqliteReader(file: string): Kysely<AnyDatabase> {
  if (!fs.existsSync(file)) {
    throw new Error(`no SQLite database at ${file}`);
  }
  // A connection of its own, read-only, with a deferred BEGIN: the server's connections
  // begin IMMEDIATE (they write), which would stop its writers for as long as the copy runs.
  const database = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  return new Kysely<AnyDatabase>({ dialect: new SqliteDialect({ database }) });
}

/**
 * Runs `read` inside one read transaction of the database at `location`: on SQLite a
 * deferred transaction on a read-only connection (WAL: the snapshot of its first read,
 * writers go on), on PostgreSQL REPEATABLE READ, READ ONLY. Either way every table is read
 * as of one moment, as `pg_dump` does, without stopping the server.
 */
export async function withSnapshot<T>(
  location: DatabaseLocation,
  read: (snapshot: Snapshot) => Promise<T>,
): Promise<T> {
  const db =
    location.dialect === 'sqlite' && location.file
      ? openSqliteReader(location.file)
      : untyped(openDatabase(location.url, '.').db);
  try {
    const trx = await db
      .startTransaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute();
    try {
      const migrations = await executedMigrations(trx);
      assertKnownMigrations(migrations);
      const tables = await applicationTables(trx, location.dialect);
      return await read({ db: trx, tables, migrations });
    } finally {
      await trx.rollback().execute();
    }
  } finally {
    await db.destroy();
  }
}
