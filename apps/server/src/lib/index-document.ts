import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { chooseEncoding } from './compression';

/** One encoding of index.html: its bytes and their entity tag. */
export interface IndexVariant {
  body: Uint8Array<ArrayBuffer>;
  /** `br`, `gzip`, or undefined for the file as it is. */
  encoding: string | undefined;
  etag: string;
}

/** The encodings the build writes next to each text asset (apps/web/vite.config.ts), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** How long a loaded index.html is served before its files' times are looked at again. */
const RECHECK_MS = 1000;

/** A strong validator for the bytes: each encoding has its own (RFC 9110 §8.8.3). */
function entityTag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * The SPA's index.html — the document of every first visit and of every revalidation
 * (`no-cache`) — held in memory with its precompressed forms. Read from disk on each
 * request it cost a stat, an open and a read per encoding, on the event loop or through
 * libuv's thread pool: about 2,500 answers a second per process against tens of
 * thousands for an API answer. A rebuild is picked up: the files' modification times
 * are looked at again once a second at most.
 */
export class IndexDocument {
  #variants: IndexVariant[] | null = null;
  /** The modification times and sizes the variants were read at. */
  #stamp = '';
  #checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The encodings on hand, best first (identity last); null while index.html is missing. */
  variants(): readonly IndexVariant[] | null {
    const now = this.now();
    if (now - this.#checkedAt >= RECHECK_MS) {
      this.#checkedAt = now;
      this.#reloadIfChanged();
    }
    return this.#variants;
  }

  /** Whether the build wrote compressed forms (then caches must keep them apart: Vary). */
  hasEncodings(): boolean {
    return (this.#variants?.length ?? 0) > 1;
  }

  /**
   * The encoding an API answer would get (lib/compression.ts) when the build wrote it,
   * else the plain file.
   */
  pick(acceptEncoding: string | undefined): IndexVariant | null {
    const variants = this.variants();
    if (!variants) {
      return null;
    }
    const wanted = chooseEncoding(acceptEncoding);
    return (
      variants.find((variant) => variant.encoding === wanted) ?? (variants.at(-1) as IndexVariant)
    );
  }

  #reloadIfChanged(): void {
    // The build writes the compressed forms after the file itself: all three are watched,
    // so a reload between the two steps is followed by another once they are written.
    const stamp = [this.file, ...PRECOMPRESSED.map(({ suffix }) => this.file + suffix)]
      .map(modifiedAt)
      .join(' ');
    if (stamp === this.#stamp) {
      return;
    }
    this.#stamp = stamp;
    const plain = readIfPresent(this.file);
    if (!plain) {
      this.#variants = null;
      return;
    }
    const variants: IndexVariant[] = [];
    for (const { encoding, suffix } of PRECOMPRESSED) {
      const body = readIfPresent(this.file + suffix);
      if (body) {
        variants.push({ body, encoding, etag: entityTag(body) });
      }
    }
    variants.push({ body: plain, encoding: undefined, etag: entityTag(plain) });
    this.#variants = variants;
  }
}

/** A file's modification time and size, or '-' when it is missing. */
function modifiedAt(file: string): string {
  try {
    const { mtimeMs, size } = fs.statSync(file);
    return `${mtimeMs}:${size}`;
  } catch {
    return '-';
  }
}

function readIfPresent(file: string): Uint8Array<ArrayBuffer> | null {
  try {
    return new Uint8Array(fs.readFileSync(file));
  } catch {
    return null;
  }
}
