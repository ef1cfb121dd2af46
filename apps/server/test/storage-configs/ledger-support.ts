import { Readable } from 'node:stream';
import { storedBytesUnder } from '@/storage/stored-bytes';
import type { StorageDriver } from '@/storage/driver';
import type { TestServer } from '../support/test-server';

/** Builders of the capacity ledger tests: its row as stored, and what the storage holds. */

export const MIB = 1024 * 1024;
export const KB = 1024;

/** The config's ledger row as numbers. */
export async function ledgerOf(
  server: TestServer,
  configId: string,
): Promise<{ used: number; reserved: number }> {
  const row = await server.deps.db
    .selectFrom('storage_usage')
    .select(['used_bytes', 'reserved_bytes'])
    .where('config_id', '=', configId)
    .executeTakeFirst();
  return { used: Number(row?.used_bytes ?? 0), reserved: Number(row?.reserved_bytes ?? 0) };
}

/** Bytes the storage holds, by its own listing. */
export function storedBytes(driver: StorageDriver): Promise<number> {
  return storedBytesUnder(driver, '');
}

/** `size` deterministic bytes. */
export function bytesOf(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  for (let at = 0; at < size; at += 1) {
    out[at] = (at * 31 + seed * 7) & 0xff;
  }
  return out;
}

/** The bytes as a stream body: fetch sends it chunked, with no Content-Length. */
export function streamed(bytes: Buffer): ReadableStream<Uint8Array> {
  return Readable.toWeb(
    Readable.from([bytes.subarray(0, bytes.length / 2), bytes.subarray(bytes.length / 2)]),
  ) as ReadableStream<Uint8Array>;
}
