import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sealCloudpasteSecret } from '@/modules/imports/cloudpaste/secrets';

/** CloudPaste's hashPassword: SHA-256 of the password, hex (backend/src/utils/crypto.js). */
export const cloudpasteHash = (password: string) =>
  createHash('sha256').update(password).digest('hex');

export const cloudpasteSeal = sealCloudpasteSecret;

/**
 * A fresh SQLite file with CloudPaste's own schema of `version` (the vendored
 * backend/schema.sql, test/fixtures/cloudpaste), then `rows` inserted the way CloudPaste's
 * repositories write them. Answers the file's path.
 */
export function cloudpasteDatabase(
  version: 'v1.9.1' | 'v0.7.0',
  rows: Record<string, Record<string, unknown>[]>,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudpaste-'));
  const file = path.join(dir, 'cloudpaste.sqlite');
  const db = new Sqlite(file);
  try {
    const schema = new URL(`../fixtures/cloudpaste/schema-${version}.sql`, import.meta.url);
    db.exec(fs.readFileSync(schema, 'utf8'));
    // Its sample rows (a welcome paste, a placeholder S3 config) are not the test's.
    db.exec('DELETE FROM pastes');
    for (const [table, list] of Object.entries(rows)) {
      for (const row of list) {
        const columns = Object.keys(row);
        db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        ).run(...Object.values(row));
      }
    }
  } finally {
    db.close();
  }
  return file;
}
