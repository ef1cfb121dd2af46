import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, type Migration } from 'kysely';
import { guardDialect } from './guarded-dialect';
import * as foundation from './migrations/001-foundation';
import * as storage from './migrations/002-storage';
import * as files from './migrations/003-files';
import * as shareVisits from './migrations/004-share-visits';
import * as mountsAndTasks from './migrations/005-mounts-and-tasks';
import * as webdav from './migrations/006-webdav';
import * as dashboardIndexes from './migrations/007-dashboard-indexes';
import * as pasteVisits from './migrations/008-paste-visits';
import * as revocationEpoch from './migrations/009-revocation-epoch';
import * as sweepIndexes from './migrations/010-sweep-indexes';
import * as storageUsage from './migrations/011-storage-usage';
import * as mountPathsNfc from './migrations/012-mount-paths-nfc';
import * as fsPresignUploads from './migrations/013-fs-presign-uploads';
import * as fsUploadSessionReservations from './migrations/014-fs-upload-session-reservations';
import * as folderLeases from './migrations/015-folder-leases';
import * as shareRemovals from './migrations/016-share-removals';
import * as shortLinks from './migrations/017-short-links';
import * as accounts from './migrations/018-accounts';
import * as auditEvents from './migrations/019-audit-events';
import * as twoFactors from './migrations/020-two-factors';
import * as sso from './migrations/021-sso';
import * as quotaHolds from './migrations/022-quota-holds';
import * as privateFileShares from './migrations/023-private-file-shares';
import * as fileRequests from './migrations/025-file-requests';
import * as bundles from './migrations/024-bundles';
import * as webhooks from './migrations/026-webhooks';
import * as bundleSweepIndex from './migrations/027-bundle-sweep-index';
import * as encryptedPastes from './migrations/028-encrypted-pastes';
import * as encryptedFiles from './migrations/029-encrypted-files';
import * as importOrigins from './migrations/030-import-origins';
import { createPostgresDialect, type PoolUse } from './postgres-pool';
import { openSqliteDialect } from './sqlite-dialect';
import type { Database } from './types';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The connection pool's use, for metrics; SQLite has no pool (one connection). */
  poolUse?: () => PoolUse;
}

/**
 * Opens the metadata database: PostgreSQL for a postgres:// URL, otherwise SQLite
 * (a `sqlite:` URL, or DATA_DIR/pastebox.db) in WAL mode. Either way a lost connection or
 * a lock held too long throws DatabaseUnavailableError (503), never crashes the process;
 * `onConnectionError` hears of each PostgreSQL connection the server dropped.
 */
export function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  onConnectionError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const { dialect, poolUse } = createPostgresDialect(databaseUrl, onConnectionError);
    const db = new Kysely<Database>({ dialect: guardDialect(dialect) });
    return { db, dialect: 'postgres', poolUse };
  }
  const file = databaseUrl?.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length)
    : path.join(dataDir, 'pastebox.db');
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return {
    db: new Kysely<Database>({ dialect: guardDialect(openSqliteDialect(file)) }),
    dialect: 'sqlite',
  };
}

/** Migrations are listed in code, so a bundled server carries them with it. */
const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-storage': storage,
  '003-files': files,
  '004-share-visits': shareVisits,
  '005-mounts-and-tasks': mountsAndTasks,
  '006-webdav': webdav,
  '007-dashboard-indexes': dashboardIndexes,
  '008-paste-visits': pasteVisits,
  '009-revocation-epoch': revocationEpoch,
  '010-sweep-indexes': sweepIndexes,
  '011-storage-usage': storageUsage,
  '012-mount-paths-nfc': mountPathsNfc,
  '013-fs-presign-uploads': fsPresignUploads,
  '014-fs-upload-session-reservations': fsUploadSessionReservations,
  '015-folder-leases': folderLeases,
  '016-share-removals': shareRemovals,
  '017-short-links': shortLinks,
  '018-accounts': accounts,
  '019-audit-events': auditEvents,
  '020-two-factors': twoFactors,
  '021-sso': sso,
  '022-quota-holds': quotaHolds,
  '023-private-file-shares': privateFileShares,
  '025-file-requests': fileRequests,
  '024-bundles': bundles,
  '026-webhooks': webhooks,
  '027-bundle-sweep-index': bundleSweepIndex,
  '028-encrypted-pastes': encryptedPastes,
  '029-encrypted-files': encryptedFiles,
  '030-import-origins': importOrigins,
};

function migratorOf(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
}

/**
 * The migrations this server knows that the database has not run (readiness, issue 36):
 * none once it started, unless the database was swapped or restored under it.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}

/** The names of every migration this build carries, in the order they run. */
export function knownMigrationNames(): string[] {
  return Object.keys(migrations).sort();
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await checkMigrationRun(migratorOf(db).migrateToLatest());
}

/**
 * Runs the migrations up to and including `name`, no further: a restore brings the schema
 * to the one its rows were read from, writes them, then migrates to the latest (issue 36).
 */
export async function migrateUpTo(db: Kysely<Database>, name: string): Promise<void> {
  await checkMigrationRun(migratorOf(db).migrateTo(name));
}

async function checkMigrationRun(run: ReturnType<Migrator['migrateTo']>): Promise<void> {
  const { error, results } = await run;
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason =
      error instanceof Error
        ? error.message
        : `migration ${failed?.migrationName ?? 'unknown'} failed`;
    throw new Error(`Database migration failed: ${reason}`);
  }
}
