import {
  decodeHeader,
  DEFAULT_PASSWORD_ITERATIONS,
  DEFAULT_SEGMENT_BYTES,
  E2eDecryptError,
  encodeHeader,
  HEADER_BYTES,
  NONCE_PREFIX_BYTES,
  SALT_BYTES,
  segmentNonce,
  TAG_BYTES,
  type BlobHeader,
} from './format';
import {
  deriveKey,
  randomBytes,
  stretchPassword,
  webBytes,
  type E2eKey,
  type KeyPurpose,
} from './keys';

/**
 * An encrypted blob is its header followed by segments (docs/encryption.md): the plaintext
 * cut into `segmentBytes` pieces, the last one 0 to `segmentBytes` long, each sealed with
 * AES-256-GCM under its own nonce (prefix, index, last-flag) and the header as additional
 * data. A segment moved, dropped, repeated or cut off, or a changed header byte, fails its
 * tag; a blob cut at a segment boundary ends on a segment not sealed as the last one.
 */

export interface SealOptions {
  /** Mixed into the key when set: the link alone then opens nothing. */
  password?: string;
  segmentBytes?: number;
  iterations?: number;
  purpose?: KeyPurpose;
}

export interface OpenOptions {
  password?: string;
  purpose?: KeyPurpose;
}

/** Seals the segments of one blob, in order. */
export class BlobSealer {
  private index = 0;
  private done = false;

  private constructor(
    private readonly key: E2eKey,
    readonly header: BlobHeader,
    readonly headerBytes: Uint8Array,
  ) {}

  static async create(fragmentKey: Uint8Array, options: SealOptions = {}): Promise<BlobSealer> {
    const withPassword = options.password !== undefined && options.password !== '';
    const header: BlobHeader = {
      segmentBytes: options.segmentBytes ?? DEFAULT_SEGMENT_BYTES,
      salt: randomBytes(SALT_BYTES),
      iterations: withPassword ? (options.iterations ?? DEFAULT_PASSWORD_ITERATIONS) : 0,
      noncePrefix: randomBytes(NONCE_PREFIX_BYTES),
    };
    return BlobSealer.withHeader(fragmentKey, header, options);
  }

  /** With a given header (test vectors; a header is never reused with the same key). */
  static async withHeader(
    fragmentKey: Uint8Array,
    header: BlobHeader,
    options: SealOptions = {},
  ): Promise<BlobSealer> {
    const headerBytes = encodeHeader(header);
    decodeHeader(headerBytes); // the same bounds a reader checks
    const key = await keyFor(fragmentKey, header, options.password, options.purpose);
    return new BlobSealer(key, header, headerBytes);
  }

  /** Seals the next segment: exactly `segmentBytes` long unless it is the last. */
  async seal(plain: Uint8Array, last: boolean): Promise<Uint8Array> {
    if (this.done) {
      throw new Error('The last segment was sealed already');
    }
    const sealed = await this.sealSegment(this.index, plain, last);
    this.index += 1;
    this.done = last;
    return sealed;
  }

  /**
   * Seals segment `index` out of order (a file's parts, sealed as each is sent). AES-GCM
   * is deterministic for a key, nonce and plaintext, so sealing the same segment again
   * (a retried part, a resumed upload) yields the same bytes, and no nonce is reused
   * for other plaintext as long as segment `index` is always the same slice of one file.
   */
  async sealSegment(
    index: number,
    plain: Uint8Array,
    last: boolean,
  ): Promise<Uint8Array<ArrayBuffer>> {
    if (
      plain.length > this.header.segmentBytes ||
      (!last && plain.length !== this.header.segmentBytes)
    ) {
      throw new RangeError('Only the last segment may be shorter than the segment size');
    }
    const sealed = await globalThis.crypto.subtle.encrypt(
      {
        name: 'AES-GCM',
        iv: webBytes(segmentNonce(this.header.noncePrefix, index, last)),
        additionalData: webBytes(this.headerBytes),
      },
      this.key,
      webBytes(plain),
    );
    return new Uint8Array(sealed);
  }
}

/** How many segments a plaintext of `plainBytes` is cut into: at least one (maybe empty). */
export function segmentCount(plainBytes: number, segmentBytes: number): number {
  return Math.max(1, Math.ceil(plainBytes / segmentBytes));
}

/**
 * The plaintext's size in a blob of `sealedBytes` (the inverse of `sealedSize`): what an
 * encrypted file's page shows and saves. Null for a size no blob of that segment size has.
 */
export function plainSize(sealedBytes: number, segmentBytes: number): number | null {
  const segments = Math.ceil((sealedBytes - HEADER_BYTES) / (segmentBytes + TAG_BYTES));
  const plain = sealedBytes - HEADER_BYTES - segments * TAG_BYTES;
  return segments >= 1 && plain >= 0 && sealedSize(plain, segmentBytes) === sealedBytes
    ? plain
    : null;
}

/** The blob's size for a plaintext of `plainBytes`: the header, the text, a tag a segment. */
export function sealedSize(plainBytes: number, segmentBytes: number): number {
  return HEADER_BYTES + plainBytes + segmentCount(plainBytes, segmentBytes) * TAG_BYTES;
}

/** Opens the segments of one blob, in order. */
export class BlobOpener {
  private index = 0;
  private done = false;

  private constructor(
    private readonly key: E2eKey,
    readonly header: BlobHeader,
    private readonly headerBytes: Uint8Array,
  ) {}

  /** From the blob's first HEADER_BYTES bytes; a password the header asks for is required. */
  static async create(
    headerBytes: Uint8Array,
    fragmentKey: Uint8Array,
    options: OpenOptions = {},
  ): Promise<BlobOpener> {
    const header = decodeHeader(headerBytes);
    if (header.iterations > 0 && !options.password) {
      throw new E2eDecryptError('wrong-key-or-damaged', 'This share needs its password');
    }
    const password = header.iterations > 0 ? options.password : undefined;
    const key = await keyFor(fragmentKey, header, password, options.purpose);
    return new BlobOpener(key, header, headerBytes.slice(0, HEADER_BYTES));
  }

  /** Ciphertext bytes of a segment that is not the last. */
  get sealedSegmentBytes(): number {
    return this.header.segmentBytes + TAG_BYTES;
  }

  /** Opens the next segment; after the last one, any further data is refused. */
  async open(sealed: Uint8Array, last: boolean): Promise<Uint8Array> {
    if (this.done) {
      throw new E2eDecryptError('wrong-key-or-damaged', 'Data follows the last segment');
    }
    const plain = await this.openSegment(this.index, sealed, last);
    this.index += 1;
    this.done = last;
    return plain;
  }

  /**
   * Opens segment `index` without moving the opener on: several at once (a stream opens a
   * chunk's segments in parallel), the caller keeping their order and the last-flag.
   */
  async openSegment(index: number, sealed: Uint8Array, last: boolean): Promise<Uint8Array> {
    try {
      const plain = await globalThis.crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: webBytes(segmentNonce(this.header.noncePrefix, index, last)),
          additionalData: webBytes(this.headerBytes),
        },
        this.key,
        webBytes(sealed),
      );
      return new Uint8Array(plain);
    } catch {
      throw new E2eDecryptError(
        'wrong-key-or-damaged',
        'The key or password is wrong, or the encrypted data was changed',
      );
    }
  }
}

async function keyFor(
  fragmentKey: Uint8Array,
  header: BlobHeader,
  password: string | undefined,
  purpose: KeyPurpose = 'content',
): Promise<E2eKey> {
  const stretched =
    header.iterations > 0 && password
      ? await stretchPassword(password, header.salt, header.iterations)
      : null;
  return deriveKey(fragmentKey, stretched, header.salt, purpose);
}

/** Encrypts a whole (small) plaintext, such as a paste's text, into one blob. */
export async function sealBytes(
  plain: Uint8Array,
  fragmentKey: Uint8Array,
  options: SealOptions = {},
): Promise<Uint8Array> {
  return sealWith(await BlobSealer.create(fragmentKey, options), plain);
}

/** The blob of `plain` sealed by `sealer` (whose header is used once). */
export async function sealWith(sealer: BlobSealer, plain: Uint8Array): Promise<Uint8Array> {
  const size = sealer.header.segmentBytes;
  const parts: Uint8Array[] = [sealer.headerBytes];
  let offset = 0;
  do {
    const end = Math.min(offset + size, plain.length);
    parts.push(await sealer.seal(plain.subarray(offset, end), end === plain.length));
    offset = end;
  } while (offset < plain.length);
  return concat(parts);
}

/** Decrypts a whole blob; throws E2eDecryptError when it cannot. */
export async function openBytes(
  blob: Uint8Array,
  fragmentKey: Uint8Array,
  options: OpenOptions = {},
): Promise<Uint8Array> {
  if (blob.length < HEADER_BYTES + TAG_BYTES) {
    decodeHeader(blob);
    throw new E2eDecryptError('truncated', 'The encrypted data is cut short');
  }
  const opener = await BlobOpener.create(blob.subarray(0, HEADER_BYTES), fragmentKey, options);
  const parts: Uint8Array[] = [];
  let offset = HEADER_BYTES;
  const full = opener.sealedSegmentBytes;
  while (offset < blob.length) {
    const end = Math.min(offset + full, blob.length);
    parts.push(await opener.open(blob.subarray(offset, end), end === blob.length));
    offset = end;
  }
  return concat(parts);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
