import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from the system's generator a few kilobytes at a time, as Node's own
 * `randomUUID` does: one `randomBytes(6)` per slug cost about 5 µs, and the bytes are just
 * as random taken from a pool.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/**
 * A new row id: a UUID of version 7 (RFC 9562) — the Unix time in milliseconds, then 74
 * random bits. Ids made close in time sort close together, so a new row's id lands at the
 * right edge of the id index instead of on a random page of it: an insert into a share
 * table dirtied one page fewer, which made a batch of inserts about 40 % cheaper
 * (docs/performance.md). Ids stay opaque and unguessable; the time they show is the
 * row's `created_at`, which is shown anyway.
 */
export function newId(): string {
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  for (let index = 6; index < 16; index += 1) {
    bytes[index] = nextRandomByte();
  }
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70; // version 7
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80; // the RFC's variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SLUG_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Bytes above the largest multiple of the alphabet's length are skipped, so every
 * character is equally likely (a plain modulo would favour the first 32).
 */
const UNBIASED_BYTE_LIMIT = 256 - (256 % SLUG_ALPHABET.length);

/** A random link suffix without look-alike characters (0/O, 1/l/I). */
export function randomSlug(length = 6): string {
  let slug = '';
  while (slug.length < length) {
    const byte = nextRandomByte();
    if (byte < UNBIASED_BYTE_LIMIT) {
      slug += SLUG_ALPHABET[byte % SLUG_ALPHABET.length];
    }
  }
  return slug;
}

/**
 * A random token of `bytes` bytes, base64url. Drawn from the pool too: a paste page issues
 * one per view (its visit), and `randomBytes(32)` cost about a tenth of that answer.
 */
export function randomToken(bytes = 32): string {
  if (bytes > pool.length) {
    return randomBytes(bytes).toString('base64url');
  }
  if (pool.length - poolOffset < bytes) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
}
