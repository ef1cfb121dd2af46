import { segmentCount, sealedSize, type BlobSealer } from './blob';
import { HEADER_BYTES, TAG_BYTES } from './format';

/** Where a file's plaintext is read from: a browser's File, a Node file, bytes in memory. */
export interface PlainSource {
  readonly size: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

/**
 * A file's blob (docs/encryption.md) as a random-access view: any range of its ciphertext,
 * sealed on demand from the plaintext segments that cover it. A multipart upload sends
 * its parts this way (each part sealed when it is sent, in any order, three at a time),
 * so a 2 GB file is never sealed whole into memory, and a retried or resumed part comes
 * out byte-identical (AES-GCM is deterministic per segment: see BlobSealer.sealSegment).
 */
export class SealedFile {
  readonly size: number;
  private readonly segmentBytes: number;
  private readonly segments: number;

  constructor(
    private readonly sealer: BlobSealer,
    private readonly plain: PlainSource,
  ) {
    this.segmentBytes = sealer.header.segmentBytes;
    this.segments = segmentCount(plain.size, this.segmentBytes);
    this.size = sealedSize(plain.size, this.segmentBytes);
  }

  /** The blob's bytes [start, end), clamped to its size. */
  async read(start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
    const from = Math.max(0, start);
    const to = Math.min(end, this.size);
    const out = new Uint8Array(Math.max(0, to - from));
    if (out.length === 0) {
      return out;
    }
    if (from < HEADER_BYTES) {
      out.set(this.sealer.headerBytes.subarray(from, Math.min(to, HEADER_BYTES)), 0);
    }
    if (to <= HEADER_BYTES) {
      return out;
    }
    const sealedSegment = this.segmentBytes + TAG_BYTES;
    const first = Math.floor((Math.max(from, HEADER_BYTES) - HEADER_BYTES) / sealedSegment);
    const last = Math.floor((to - 1 - HEADER_BYTES) / sealedSegment);
    // One read of the plaintext under every segment of the range, then every segment
    // sealed at once (Web Crypto may use several threads), each copied to its place.
    const plainStart = first * this.segmentBytes;
    const plain = await this.plain.read(
      plainStart,
      Math.min((last + 1) * this.segmentBytes, this.plain.size),
    );
    const indexes = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    await Promise.all(
      indexes.map(async (index) => {
        const offset = index * this.segmentBytes - plainStart;
        const sealed = await this.sealer.sealSegment(
          index,
          plain.subarray(offset, offset + this.segmentBytes),
          index === this.segments - 1,
        );
        const segmentStart = HEADER_BYTES + index * sealedSegment;
        const sliceFrom = Math.max(from, segmentStart) - segmentStart;
        const sliceTo = Math.min(to, segmentStart + sealed.length) - segmentStart;
        out.set(sealed.subarray(sliceFrom, sliceTo), segmentStart + sliceFrom - from);
      }),
    );
    return out;
  }
}

/** A Blob (a browser's File, or Node's) as a plaintext source. */
export function blobSource(blob: Blob): PlainSource {
  return {
    size: blob.size,
    read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
  };
}
