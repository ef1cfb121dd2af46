import type { BundleDetail, PublicBundle } from '@pastebox/contract/schemas/bundle';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';

/** Helpers of the bundle tests (issue 33): files to bundle, bundles, openings, ZIPs read back. */

/** Uploads a file share through the form upload (private unless told otherwise). */
export function uploadMember(
  client: ApiClient,
  configId: string,
  content: string | Buffer,
  filename: string,
  fields: Record<string, string | number> = {},
): Promise<FileShare> {
  return uploadShare(client, {
    content,
    filename,
    type: 'application/octet-stream',
    fields: { s3_config_id: configId, private: 'true', ...fields },
  });
}

/** POST …/bundles as `family` (admin or user); answers the raw response. */
export function postBundle(client: ApiClient, family: 'admin' | 'user', body: object) {
  return client.post<BundleDetail>(`/api/${family}/bundles`, body);
}

/** POST …/bundles, expecting 201; the bundle. */
export async function createBundle(
  client: ApiClient,
  family: 'admin' | 'user',
  body: object,
): Promise<BundleDetail> {
  const res = await postBundle(client, family, body);
  if (res.status !== 201) {
    throw new Error(`creating a bundle failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}

/** GET /api/public/bundles/{slug} without credentials. */
export function openBundle(server: TestServer, slug: string) {
  return server.anon.get<PublicBundle>(`/api/public/bundles/${slug}`);
}

/** A bundle's view count as stored. */
export async function storedBundleViews(server: TestServer, id: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('bundles')
    .select('views')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.views);
}

/** Bytes of a GET, with its status and headers. */
export async function fetchBytes(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * The entries of a ZIP of stored (uncompressed) members, read through its central
 * directory, each checked against its CRC-32. Small archives only (no ZIP64).
 */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) {
    throw new Error('no end of central directory');
  }
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) {
      throw new Error(`bad central header at ${at}`);
    }
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    if (method !== 0 || crc32(data) !== crc) {
      throw new Error(`entry ${name}: method ${method}, crc mismatch or compressed`);
    }
    entries.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
