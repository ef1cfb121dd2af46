import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Manifest } from './manifest';
import { MANIFEST_DIGEST_ENTRY, MANIFEST_ENTRY } from './manifest';
import type { Row, TableDigest } from './rows';
import type { TableShape } from './schema';
import { TarWriter } from './tar/writer';

/** A part of a table is written once its JSON lines reach this size. */
const PART_BYTES = 4 * 1024 * 1024;

function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The backup's tar file as it is written: each entry's size and SHA-256 recorded for the
 * manifest, rows cut into parts so no table sits in memory whole.
 */
export class BackupWriter {
  readonly entries: Manifest['entries'] = {};
  readonly #tar: TarWriter;
  #files = 0;

  constructor(out: FileHandle) {
    this.#tar = new TarWriter(out);
  }

  get bytesWritten(): number {
    return this.#tar.size;
  }

  async addBuffer(name: string, data: Uint8Array): Promise<void> {
    this.entries[name] = { size: data.length, sha256: sha256Hex(data) };
    await this.#tar.addBuffer(name, data);
  }

  /** Streams a file of `size` bytes in; answers its entry name and SHA-256. */
  async addFile(file: string, size: number): Promise<{ entry: string; sha256: string }> {
    this.#files += 1;
    const entry = `files/${String(this.#files).padStart(8, '0')}`;
    const hash = createHash('sha256');
    async function* hashed(): AsyncGenerator<Uint8Array> {
      for await (const chunk of fs.createReadStream(file, {
        start: 0,
        end: Math.max(size - 1, 0),
      })) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        yield bytes;
      }
    }
    await this.#tar.addStream(entry, size, size === 0 ? [] : hashed());
    const sha256 = hash.digest('hex');
    this.entries[entry] = { size, sha256 };
    return { entry, sha256 };
  }

  /** Writes a table's batches as JSON-lines parts; answers its manifest record. */
  async addTable(
    table: TableShape,
    batches: AsyncIterable<Row[]>,
    digest: TableDigest,
    onRow: (row: Row) => void = () => undefined,
  ): Promise<Manifest['tables'][number]> {
    const parts: string[] = [];
    const tableHash = createHash('sha256');
    let pending: string[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const data = Buffer.from(pending.join(''), 'utf8');
      const name = `tables/${table.name}/${String(parts.length + 1).padStart(6, '0')}.jsonl`;
      tableHash.update(data);
      parts.push(name);
      await this.addBuffer(name, data);
      pending = [];
      pendingBytes = 0;
    };
    for await (const batch of batches) {
      for (const row of batch) {
        digest.add(row);
        onRow(row);
        const line = `${JSON.stringify(row)}\n`;
        pending.push(line);
        pendingBytes += line.length;
      }
      if (pendingBytes >= PART_BYTES) {
        await flush();
      }
    }
    if (pending.length > 0) {
      await flush();
    }
    return {
      name: table.name,
      rows: digest.rows,
      sha256: tableHash.digest('hex'),
      rows_digest: digest.hex,
      parts,
    };
  }

  /** The manifest, its digest, and the end of the archive. */
  async finish(manifest: Manifest): Promise<void> {
    const data = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    await this.#tar.addBuffer(MANIFEST_ENTRY, data);
    await this.#tar.addBuffer(MANIFEST_DIGEST_ENTRY, Buffer.from(`${sha256Hex(data)}\n`));
    await this.#tar.finish();
  }
}
