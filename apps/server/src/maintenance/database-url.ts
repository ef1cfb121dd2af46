import path from 'node:path';
import type { Dialect } from '../db/database';

/** A database named on the command line: `postgres://…`, `sqlite:/path`, or a path. */
export interface DatabaseLocation {
  dialect: Dialect;
  /** What openDatabase takes: the postgres:// URL, or `sqlite:` and an absolute path. */
  url: string;
  /** The SQLite file; undefined for PostgreSQL. */
  file?: string;
  /** How to show it: a PostgreSQL URL without its password. */
  label: string;
}

export class UsageError extends Error {}

/** Reads a --from/--to value (a relative path from `base`), or the server's own. */
export function parseDatabaseLocation(value: string, base = process.cwd()): DatabaseLocation {
  if (/^postgres(ql)?:\/\//.test(value)) {
    const shown = new URL(value);
    if (shown.password) {
      shown.password = '***';
    }
    return { dialect: 'postgres', url: value, label: shown.toString() };
  }
  const file = path.resolve(
    base,
    value.startsWith('sqlite:') ? value.slice('sqlite:'.length) : value,
  );
  if (value.trim() === '' || value === 'sqlite:') {
    throw new UsageError('a database is a postgres:// URL, sqlite:/path/to/file.db or a path');
  }
  return { dialect: 'sqlite', url: `sqlite:${file}`, file, label: file };
}

/** The database the server uses: DATABASE_URL, else DATA_DIR/pastebox.db. */
export function serverDatabaseLocation(
  databaseUrl: string | undefined,
  dataDir: string,
): DatabaseLocation {
  return parseDatabaseLocation(databaseUrl ?? path.join(path.resolve(dataDir), 'pastebox.db'));
}
