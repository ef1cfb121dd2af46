import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { APP_VERSION } from '../version';
import { BackupWriter } from './backup-writer';
import { serverDatabaseLocation } from './database-url';
import { filesBelow, localRootsOf } from './local-storage';
import { BACKUP_FORMAT, SECRET_ENTRY, type Manifest } from './manifest';
import { rowBatches, TableDigest, type Row } from './rows';
import { readServerSecret } from './secret';
import { withSnapshot } from './snapshot';

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
}

/** Reads the database snapshot's rows into the archive; answers what the manifest needs. */
async function writeRows(writer: BackupWriter, config: Config) {
  const location = serverDatabaseLocation(config.DATABASE_URL, config.DATA_DIR);
  return withSnapshot(location, async (snapshot) => {
    const storageConfigs: Row[] = [];
    const tables: Manifest['tables'] = [];
    for (const table of snapshot.tables) {
      const keep =
        table.name === 'storage_configs' ? (row: Row) => storageConfigs.push(row) : undefined;
      tables.push(
        await writer.addTable(table, rowBatches(snapshot.db, table), new TableDigest(), keep),
      );
    }
    return { dialect: location.dialect, migrations: snapshot.migrations, tables, storageConfigs };
  });
}

/**
 * Files of the local storage configs of the snapshot. Read after the rows: a file the
 * server deletes meanwhile is skipped (its row is in the snapshot, its share was going);
 * a file written meanwhile belongs to no row of the snapshot and is left out.
 */
async function writeLocalFiles(
  writer: BackupWriter,
  storageConfigs: readonly Row[],
  dataDir: string,
): Promise<Manifest['files']> {
  const files: Manifest['files'] = [];
  for (const { configId, root } of localRootsOf(storageConfigs, dataDir)) {
    for await (const relative of filesBelow(root)) {
      const full = path.join(root, ...relative.split('/'));
      let size: number;
      try {
        size = (await fsp.stat(full)).size;
      } catch {
        continue;
      }
      const { entry, sha256 } = await writer.addFile(full, size);
      files.push({ config_id: configId, path: relative, size, sha256, entry });
    }
  }
  return files;
}

/**
 * `npm run backup -- --to FILE`: one tar file (mode 0600) holding the database's rows as
 * of one moment, the local storage files, the secret key and a manifest with checksums,
 * written while the server keeps serving (docs/backup.md).
 */
export async function runBackup(config: Config, to: string): Promise<BackupSummary> {
  const file = path.resolve(to);
  if (fs.existsSync(file)) {
    throw new Error(`${file} exists already; a backup never writes over a file`);
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const secret = readServerSecret(config.SECRET, dataDir);
  const partial = `${file}.partial`;
  const out = await fsp.open(partial, 'wx', 0o600);
  try {
    const writer = new BackupWriter(out);
    const { dialect, migrations, tables, storageConfigs } = await writeRows(writer, config);
    const files = await writeLocalFiles(writer, storageConfigs, dataDir);
    await writer.addBuffer(SECRET_ENTRY, Buffer.from(secret.secret, 'utf8'));
    await writer.finish({
      format: BACKUP_FORMAT,
      app_version: APP_VERSION,
      dialect,
      created_at: new Date().toISOString(),
      migrations,
      secret_source: secret.source,
      tables,
      files,
      entries: writer.entries,
    });
    await out.sync();
    await out.close();
    await fsp.rename(partial, file);
    return {
      file,
      bytes: writer.bytesWritten,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      files: files.length,
    };
  } catch (error) {
    await out.close().catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  }
}
