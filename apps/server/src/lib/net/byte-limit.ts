import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes bytes through and fails as soon as more than `maxBytes` have arrived, so an
 * over-size download stops at the limit instead of after it (DESIGN §5).
 */
export class ByteLimitStream extends Transform {
  /** Bytes passed so far. */
  bytes = 0;

  constructor(
    private readonly maxBytes: number | undefined,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
      callback(this.tooLarge());
      return;
    }
    callback(null, chunk);
  }
}
