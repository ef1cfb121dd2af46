import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { DamagedBackupError, verifyBackup, type VerifiedBackup } from './backup-reader';
import { serverDatabaseLocation } from './database-url';
import { holdsFiles, localRootsOf, type LocalRoot } from './local-storage';
import { digestTables, normalizeRow, type Row } from './rows';
import type { TableShape } from './schema';
import { assertSecretFits, installSecret } from './secret';
import { assertKnownMigrations } from './snapshot';
import { TarFormatError } from './tar/header';
import { entryBytes } from './tar/reader';
import {
  assertTargetEmpty,
  clearSeededRows,
  finishSchema,
  insertRows,
  openTarget,
  prepareSchema,
  type Target,
} from './target';

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
}

async function rowsOfPart(archive: fsp.FileHandle, backup: VerifiedBackup, part: string) {
  const entry = backup.entries.get(part);
  if (!entry) {
    throw new DamagedBackupError(`${part} is missing`);
  }
  const text = (await entryBytes(archive, entry)).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** The storage_configs rows of the backup: where its local files go. */
async function storageConfigRows(archive: fsp.FileHandle, backup: VerifiedBackup) {
  const table = backup.manifest.tables.find((t) => t.name === 'storage_configs');
  const rows: Row[] = [];
  for (const part of table?.parts ?? []) {
    rows.push(...(await rowsOfPart(archive, backup, part)));
  }
  return rows;
}

async function writeRows(
  archive: fsp.FileHandle,
  backup: VerifiedBackup,
  target: Target,
  tables: readonly TableShape[],
): Promise<void> {
  const shapes = new Map(tables.map((t) => [t.name, t]));
  const missing = backup.manifest.tables.filter((t) => !shapes.has(t.name));
  if (missing.length > 0 || tables.length !== backup.manifest.tables.length) {
    throw new Error('the tables of the backup are not those of its schema in this build');
  }
  await target.db.transaction().execute(async (trx) => {
    await clearSeededRows(trx, tables);
    for (const table of backup.manifest.tables) {
      const shape = shapes.get(table.name);
      if (!shape) {
        continue;
      }
      for (const part of table.parts) {
        const rows = await rowsOfPart(archive, backup, part);
        await insertRows(
          trx,
          shape,
          rows.map((row) => normalizeRow(shape, row)),
        );
      }
    }
  });
}

async function writeFiles(
  archivePath: string,
  backup: VerifiedBackup,
  roots: readonly LocalRoot[],
): Promise<void> {
  const rootOf = new Map(roots.map((r) => [r.configId, r.root]));
  for (const file of backup.manifest.files) {
    const root = rootOf.get(file.config_id);
    const entry = backup.entries.get(file.entry);
    const destination = root ? path.resolve(root, ...file.path.split('/')) : '';
    if (!root || !entry || !destination.startsWith(root + path.sep)) {
      throw new DamagedBackupError(`the file ${file.path} has no place in its storage`);
    }
    await fsp.mkdir(path.dirname(destination), { recursive: true });
    if (entry.size === 0) {
      await fsp.writeFile(destination, '', { flag: 'wx' });
      continue;
    }
    await pipeline(
      fs.createReadStream(archivePath, { start: entry.offset, end: entry.offset + entry.size - 1 }),
      fs.createWriteStream(destination, { flags: 'wx' }),
    );
  }
}

async function assertRowsArrived(target: Target, backup: VerifiedBackup, tables: TableShape[]) {
  const digests = await digestTables(target.db, tables);
  for (const table of backup.manifest.tables) {
    const found = digests.get(table.name);
    if (found?.rows !== table.rows || found.hex !== table.rows_digest) {
      throw new Error(
        `after the restore, ${table.name} holds ${found?.rows ?? 0} rows of other content than the backup's ${table.rows}`,
      );
    }
  }
}

async function openVerified(archive: fsp.FileHandle): Promise<VerifiedBackup> {
  try {
    return await verifyBackup(archive);
  } catch (error) {
    if (error instanceof TarFormatError || error instanceof SyntaxError) {
      throw new DamagedBackupError(`the backup is damaged: ${error.message}`);
    }
    throw error;
  }
}

/**
 * `npm run restore -- FILE`: checks every byte of the backup, then that the server's
 * database and DATA_DIR are fresh, and only then writes rows, files and the secret key,
 * and reads the rows back to compare them with the manifest (docs/backup.md).
 */
export async function runRestore(config: Config, from: string): Promise<RestoreSummary> {
  const archivePath = path.resolve(from);
  const archive = await fsp.open(archivePath, 'r');
  try {
    const backup = await openVerified(archive);
    assertKnownMigrations(backup.manifest.migrations);
    const dataDir = path.resolve(config.DATA_DIR);
    assertSecretFits(backup.secret, config.SECRET, dataDir);
    const roots = localRootsOf(await storageConfigRows(archive, backup), dataDir);
    for (const { root } of roots) {
      if (await holdsFiles(root)) {
        throw new Error(`${root} holds files already: restore writes only into a fresh DATA_DIR`);
      }
    }
    const location = serverDatabaseLocation(config.DATABASE_URL, dataDir);
    const target = openTarget(location);
    try {
      await assertTargetEmpty(target, location.label);
      const tables = await prepareSchema(target, backup.manifest.migrations);
      await writeRows(archive, backup, target, tables);
      await writeFiles(archivePath, backup, roots);
      installSecret(backup.secret, dataDir);
      await assertRowsArrived(target, backup, tables);
      await finishSchema(target);
    } finally {
      await target.handle.db.destroy();
    }
    return {
      tables: backup.manifest.tables.length,
      rows: backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: backup.manifest.files.length,
    };
  } finally {
    await archive.close();
  }
}
