import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** The migrated database test servers start from (database-template-setup.ts). */
export interface DatabaseTemplate {
  /** A migrated SQLite file to copy into a new DATA_DIR (the SQLite project). */
  sqliteFile: string | null;
  /** A migrated PostgreSQL database to create new ones from (the PostgreSQL project). */
  postgresName: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** The template, or none in a run without the global setup (a config of its own). */
function template(): DatabaseTemplate | null {
  try {
    return inject('databaseTemplate') ?? null;
  } catch {
    return null;
  }
}

/** The PostgreSQL database to create a test database from (`CREATE DATABASE … TEMPLATE`). */
export function postgresTemplateName(): string | null {
  return template()?.postgresName ?? null;
}

/** Puts the migrated SQLite database where a server on `dataDir` opens it, when there is one. */
export function seedSqliteDataDir(dataDir: string): void {
  const file = template()?.sqliteFile;
  if (file) {
    fs.copyFileSync(file, path.join(dataDir, 'pastebox.db'));
  }
}
