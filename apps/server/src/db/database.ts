import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import * as foundation from './migrations/001-foundation';
import * as storage from './migrations/002-storage';
import * as files from './migrations/003-files';
import type { Database } from './types';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * Opens the metadata database: PostgreSQL for a postgres:// URL, otherwise SQLite
 * (a `sqlite:` URL, or DATA_DIR/pastebox.db) in WAL mode.
 */
export function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  onPoolError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover, a terminated backend) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces it.
    pool.on('error', onPoolError);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  const file = databaseUrl?.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length)
    : path.join(dataDir, 'pastebox.db');
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
  };
}

/** Migrations are listed in code, so a bundled server carries them with it. */
const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-storage': storage,
  '003-files': files,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason =
      error instanceof Error
        ? error.message
        : `migration ${failed?.migrationName ?? 'unknown'} failed`;
    throw new Error(`Database migration failed: ${reason}`);
  }
}
