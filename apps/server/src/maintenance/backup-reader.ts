import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import {
  MANIFEST_DIGEST_ENTRY,
  MANIFEST_ENTRY,
  manifestSchema,
  SECRET_ENTRY,
  type Manifest,
} from './manifest';
import { entryBytes, entryChunks, tarEntries, type TarEntry } from './tar/reader';

export class DamagedBackupError extends Error {}

/** A backup read through once and found whole: its manifest and where each entry is. */
export interface VerifiedBackup {
  manifest: Manifest;
  entries: Map<string, TarEntry>;
  secret: string;
}

function tableOfPart(name: string): string | undefined {
  return /^tables\/([^/]+)\//.exec(name)?.[1];
}

function parseManifest(data: Buffer | undefined, digest: Buffer | undefined): Manifest {
  if (!data || !digest) {
    throw new DamagedBackupError(
      'the archive has no manifest: not a Pastebox backup, or cut short',
    );
  }
  if (createHash('sha256').update(data).digest('hex') !== digest.toString('utf8').trim()) {
    throw new DamagedBackupError('the manifest does not match its checksum');
  }
  const parsed = manifestSchema.safeParse(JSON.parse(data.toString('utf8')));
  if (!parsed.success) {
    throw new DamagedBackupError(
      `the manifest is not one this build reads: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

function compareWithManifest(
  manifest: Manifest,
  seen: Map<string, { size: number; sha256: string }>,
  tableHashes: Map<string, Hash>,
): void {
  for (const [name, found] of seen) {
    const listed = manifest.entries[name];
    if (!listed || listed.size !== found.size || listed.sha256 !== found.sha256) {
      throw new DamagedBackupError(`${name} does not match the manifest's checksum`);
    }
  }
  for (const name of Object.keys(manifest.entries)) {
    if (!seen.has(name)) {
      throw new DamagedBackupError(`${name} is listed in the manifest but missing`);
    }
  }
  for (const table of manifest.tables) {
    const hash = tableHashes.get(table.name)?.digest('hex') ?? createHash('sha256').digest('hex');
    if (hash !== table.sha256) {
      throw new DamagedBackupError(`the rows of ${table.name} do not match the manifest`);
    }
  }
  if (!seen.has(SECRET_ENTRY)) {
    throw new DamagedBackupError('the backup holds no secret key');
  }
}

/**
 * Reads every byte of the backup and compares it with the manifest — each entry's size
 * and SHA-256, each table's, the manifest's own — before a restore writes anything.
 */
export async function verifyBackup(file: FileHandle): Promise<VerifiedBackup> {
  const entries = new Map<string, TarEntry>();
  const seen = new Map<string, { size: number; sha256: string }>();
  const tableHashes = new Map<string, Hash>();
  let manifestData: Buffer | undefined;
  let manifestDigest: Buffer | undefined;
  for await (const entry of tarEntries(file)) {
    if (entries.has(entry.name)) {
      throw new DamagedBackupError(`${entry.name} appears twice`);
    }
    entries.set(entry.name, entry);
    if (entry.name === MANIFEST_ENTRY) {
      manifestData = await entryBytes(file, entry);
      continue;
    }
    if (entry.name === MANIFEST_DIGEST_ENTRY) {
      manifestDigest = await entryBytes(file, entry);
      continue;
    }
    const table = tableOfPart(entry.name);
    const tableHash = table ? (tableHashes.get(table) ?? createHash('sha256')) : undefined;
    if (table && tableHash) {
      tableHashes.set(table, tableHash);
    }
    const hash = createHash('sha256');
    for await (const chunk of entryChunks(file, entry)) {
      hash.update(chunk);
      tableHash?.update(chunk);
    }
    seen.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
  }
  const manifest = parseManifest(manifestData, manifestDigest);
  compareWithManifest(manifest, seen, tableHashes);
  const secretEntry = entries.get(SECRET_ENTRY);
  const secret = secretEntry ? (await entryBytes(file, secretEntry)).toString('utf8') : '';
  return { manifest, entries, secret };
}
