/**
 * The end-to-end encrypted blob's header (docs/encryption.md, issue 35). Everything a
 * reader needs besides the key travels in these 37 bytes, and every segment authenticates
 * them (they are its additional data), so no field can be changed unnoticed.
 *
 *     offset  size  field
 *          0     4  magic "PBE1"
 *          4     1  version (1)
 *          5     1  flags: bit 0 = a password is mixed into the key
 *          6     4  segment size: plaintext bytes per segment, big-endian
 *         10    16  salt of the key derivation (HKDF, and PBKDF2 when a password is set)
 *         26     4  PBKDF2 iterations, big-endian (0 without a password)
 *         30     7  nonce prefix: random, the first 7 bytes of every segment's nonce
 */

export const MAGIC = [0x50, 0x42, 0x45, 0x31] as const; // "PBE1"
export const VERSION = 1;
export const HEADER_BYTES = 37;
export const SALT_BYTES = 16;
export const NONCE_PREFIX_BYTES = 7;
/** AES-GCM's tag, added to every segment. */
export const TAG_BYTES = 16;
/** 64 KiB of plaintext per segment: small enough to stream, large enough to be cheap. */
export const DEFAULT_SEGMENT_BYTES = 64 * 1024;
/** Bounds a reader accepts, so a forged header cannot ask for a huge buffer. */
export const MIN_SEGMENT_BYTES = 1024;
export const MAX_SEGMENT_BYTES = 4 * 1024 * 1024;
/** OWASP's 2023 floor for PBKDF2-HMAC-SHA-256; a reader refuses fewer. */
export const MIN_PASSWORD_ITERATIONS = 600_000;
export const DEFAULT_PASSWORD_ITERATIONS = 600_000;
/** A reader refuses more (a forged header must not make it spin for minutes). */
export const MAX_PASSWORD_ITERATIONS = 10_000_000;

const FLAG_PASSWORD = 0x01;

export interface BlobHeader {
  segmentBytes: number;
  salt: Uint8Array;
  /** 0 when no password is mixed into the key. */
  iterations: number;
  noncePrefix: Uint8Array;
}

/** Why a blob cannot be read: a wrong key and a damaged blob look the same to AES-GCM. */
export class E2eDecryptError extends Error {
  constructor(
    readonly reason: 'not-encrypted' | 'unsupported' | 'wrong-key-or-damaged' | 'truncated',
    message: string,
  ) {
    super(message);
    this.name = 'E2eDecryptError';
  }
}

export function encodeHeader(header: BlobHeader): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  bytes[4] = VERSION;
  bytes[5] = header.iterations > 0 ? FLAG_PASSWORD : 0;
  view.setUint32(6, header.segmentBytes);
  bytes.set(header.salt, 10);
  view.setUint32(26, header.iterations);
  bytes.set(header.noncePrefix, 30);
  return bytes;
}

/** Reads and checks a header; throws E2eDecryptError for anything out of bounds. */
export function decodeHeader(bytes: Uint8Array): BlobHeader {
  if (bytes.length < HEADER_BYTES || !MAGIC.every((byte, index) => bytes[index] === byte)) {
    throw new E2eDecryptError('not-encrypted', 'This is not an encrypted Pastebox blob');
  }
  if (bytes[4] !== VERSION) {
    throw new E2eDecryptError('unsupported', `Unsupported format version ${bytes[4]}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  const flags = bytes[5] ?? 0;
  const segmentBytes = view.getUint32(6);
  const iterations = view.getUint32(26);
  const withPassword = (flags & FLAG_PASSWORD) !== 0;
  if (
    (flags & ~FLAG_PASSWORD) !== 0 ||
    segmentBytes < MIN_SEGMENT_BYTES ||
    segmentBytes > MAX_SEGMENT_BYTES ||
    withPassword !== iterations > 0 ||
    (withPassword && (iterations < MIN_PASSWORD_ITERATIONS || iterations > MAX_PASSWORD_ITERATIONS))
  ) {
    throw new E2eDecryptError('unsupported', 'The encrypted blob has parameters out of bounds');
  }
  return {
    segmentBytes,
    salt: bytes.slice(10, 26),
    iterations,
    noncePrefix: bytes.slice(30, 37),
  };
}

/** Segment `index`'s nonce: the prefix, the index (big-endian), 1 for the last else 0. */
export function segmentNonce(prefix: Uint8Array, index: number, last: boolean): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) {
    throw new RangeError('A blob has at most 2^32 segments');
  }
  const nonce = new Uint8Array(12);
  nonce.set(prefix, 0);
  new DataView(nonce.buffer).setUint32(7, index);
  nonce[11] = last ? 1 : 0;
  return nonce;
}
