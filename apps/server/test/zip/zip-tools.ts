import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ZipEntry } from '@/lib/zip';

/**
 * What the ZIP tests check archives with: Info-ZIP's `unzip` and Python's zipfile (both on
 * Debian; .ci/run installs the `unzip` package), so an archive is judged by the extractors
 * people use, not by our own reader.
 */

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** `unzip -tq`: every entry's CRC and sizes; throws with unzip's words when one fails. */
export function unzipTest(file: string): string {
  return execFileSync('unzip', ['-tq', file], { encoding: 'utf8' });
}

/** Which members {@link pythonRead} hashes again; every member's CRC is checked all the same. */
export interface PythonReadOptions {
  /** Members larger than this are not hashed (`testzip` checked their CRC). */
  hashUpTo?: number;
  /** Only these members are hashed (the others answer sha256 ''): 70,000 hashes are slow. */
  hashOnly?: readonly string[];
}

/**
 * Python's zipfile: `testzip()` (what `python3 -m zipfile -t` runs: the CRC of every
 * member) must find nothing corrupted, then every member's name, size, date and SHA-256
 * as read back (folders: size -1; see {@link PythonReadOptions} for the members not
 * hashed). One process does both: a second would parse the central directory again.
 */
export function pythonRead(
  file: string,
  { hashUpTo = 1 << 30, hashOnly }: PythonReadOptions = {},
): Map<string, { size: number; sha256: string; date: number[] }> {
  const script = `
import hashlib, json, sys, zipfile
hash_up_to = int(sys.argv[2])
hash_only = None if sys.argv[3] == "*" else set(json.loads(sys.argv[3]))
out = {}
with zipfile.ZipFile(sys.argv[1]) as z:
    corrupted = z.testzip()
    if corrupted is not None:
        sys.exit(f"The following enclosed file is corrupted: {corrupted!r}")
    for info in z.infolist():
        if info.is_dir():
            out[info.filename] = {"size": -1, "sha256": "", "date": list(info.date_time)}
            continue
        h = hashlib.sha256()
        if info.file_size > hash_up_to or (hash_only is not None and info.filename not in hash_only):
            out[info.filename] = {"size": info.file_size, "sha256": "", "date": list(info.date_time)}
            continue
        with z.open(info) as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        out[info.filename] = {"size": info.file_size, "sha256": h.hexdigest(), "date": list(info.date_time)}
print(json.dumps(out))
`;
  const only = hashOnly ? JSON.stringify(hashOnly) : '*';
  const output = execFileSync('python3', ['-c', script, file, String(hashUpTo), only], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return new Map(
    Object.entries(
      JSON.parse(output) as Record<string, { size: number; sha256: string; date: number[] }>,
    ),
  );
}

/** `unzip -o -d`: the archive extracted into a fresh folder. */
export function unzipInto(file: string): string {
  const dir = tempDir('zip-out-');
  execFileSync('unzip', ['-q', '-o', file, '-d', dir]);
  return dir;
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Deterministic bytes of a given length (no two entries alike). */
export function patternBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let at = 0; at < size; at++) {
    bytes[at] = (at * 31 + seed * 7) & 0xff;
  }
  return bytes;
}

/** An entry over a buffer, handed out in chunks of `chunk` bytes. */
export function bufferEntry(
  name: string,
  bytes: Buffer,
  modifiedAt = new Date(),
  chunk = 16 * 1024,
): ZipEntry {
  return {
    name,
    size: bytes.length,
    modifiedAt,
    open: () => {
      const parts: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += chunk) {
        parts.push(bytes.subarray(at, at + chunk));
      }
      return Promise.resolve(Readable.from(parts));
    },
  };
}

export function folderEntry(name: string): ZipEntry {
  return { name, size: 0, modifiedAt: new Date(), open: () => Promise.reject(new Error('folder')) };
}
