import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** A body was longer than allowed, or shorter/longer than the size it declared. */
export class SizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
    readonly kind: 'too-large' | 'size-mismatch',
  ) {
    super(
      kind === 'too-large'
        ? `Body exceeds the allowed ${expected} bytes`
        : `Body has ${received} bytes, ${expected} were declared`,
    );
  }
}

/**
 * Passes bytes through while counting them (and hashing them with MD5 when asked). It
 * fails the pipeline as soon as more than `max` bytes arrive, so an over-size body is
 * refused while streaming instead of after it was stored.
 */
export class MeteredStream extends Transform {
  bytes = 0;
  private readonly hash: Hash | null;

  /**
   * `max`: fail past this many bytes. `exact`: the body must have exactly this many bytes,
   * checked before the stream ends — so a short body fails the upload (an HTTP request
   * declared with that Content-Length would otherwise wait for bytes that never come).
   */
  constructor(private readonly options: { max?: number; exact?: number; md5?: boolean } = {}) {
    super();
    this.hash = options.md5 ? createHash('md5') : null;
  }

  override _flush(callback: TransformCallback) {
    const { exact } = this.options;
    callback(
      exact !== undefined && this.bytes !== exact
        ? new SizeMismatchError(exact, this.bytes, 'size-mismatch')
        : null,
    );
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    const max = Math.min(this.options.max ?? Infinity, this.options.exact ?? Infinity);
    if (this.bytes > max) {
      callback(new SizeMismatchError(max, this.bytes, 'too-large'));
      return;
    }
    this.hash?.update(chunk);
    callback(null, chunk);
  }

  /** The hex MD5 of everything that passed; call after the stream has finished. */
  md5Hex(): string {
    if (!this.hash) {
      throw new Error('MeteredStream was created without md5');
    }
    return this.hash.digest('hex');
  }
}

/** Throws when a finished body's length differs from the size the caller declared. */
export function assertDeclaredSize(declared: number | undefined, received: number): void {
  if (declared !== undefined && declared !== received) {
    throw new SizeMismatchError(declared, received, 'size-mismatch');
  }
}

/** `"abc"` → `abc`; S3 ETags come quoted, SPEC §3 wants them without quotes. */
export function stripQuotes(etag: string | undefined | null): string | null {
  if (!etag) {
    return null;
  }
  return etag.replace(/^W\//, '').replace(/^"+|"+$/g, '');
}
