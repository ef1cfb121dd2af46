import { describe, expect, it } from 'vitest';
import { BlobSealer, openBytes, plainSize, sealedSize, sealWith } from './blob';
import { HEADER_BYTES, TAG_BYTES } from './format';
import { newFragmentKey } from './keys';
import { blobSource, SealedFile } from './sealed-file';

const SEGMENT = 1024;
const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 13 + 5) % 251);

/** A sealer of the small test segment size, and another with the same header and key. */
async function twinSealers() {
  const key = newFragmentKey();
  const sealer = await BlobSealer.create(key, { segmentBytes: SEGMENT });
  return { key, sealer, twin: await BlobSealer.withHeader(key, sealer.header) };
}

describe('SealedFile: a blob sealed by ranges', () => {
  const SIZES = [0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT, 5 * SEGMENT + 77];

  it.each(SIZES)('for %i bytes, is the blob sealWith makes, and opens', async (size) => {
    const plain = bytesOf(size);
    const { key, sealer, twin } = await twinSealers();
    const file = new SealedFile(sealer, blobSource(new Blob([plain])));
    expect(file.size).toBe(sealedSize(size, SEGMENT));
    expect(file.size).toBe(
      HEADER_BYTES + size + Math.max(1, Math.ceil(size / SEGMENT)) * TAG_BYTES,
    );
    expect(plainSize(file.size, SEGMENT)).toBe(size);
    const whole = await file.read(0, file.size);
    expect(whole).toEqual(await sealWith(twin, plain));
    expect(await openBytes(whole, key)).toEqual(plain);
  });

  it('knows no plaintext for a size no blob has', () => {
    expect(plainSize(HEADER_BYTES + TAG_BYTES - 1, SEGMENT)).toBeNull();
    // A second segment holds at least its tag: a blob one byte past a whole segment is none.
    expect(plainSize(HEADER_BYTES + SEGMENT + TAG_BYTES + 1, SEGMENT)).toBeNull();
    expect(plainSize(HEADER_BYTES + SEGMENT + 2 * TAG_BYTES + 1, SEGMENT)).toBe(SEGMENT + 1);
  });

  it('gives the same bytes cut into parts of any size, in any order, read twice', async () => {
    const plain = bytesOf(7 * SEGMENT + 300);
    const { sealer, twin } = await twinSealers();
    const file = new SealedFile(sealer, blobSource(new Blob([plain])));
    const expected = await sealWith(twin, plain);
    for (const partSize of [1, 20, 37, SEGMENT + TAG_BYTES, 1500, 4096]) {
      const starts: number[] = [];
      for (let start = 0; start < file.size; start += partSize) {
        starts.push(start);
      }
      const out = new Uint8Array(file.size);
      // Backwards, the way a retried last part may come before an earlier one.
      for (const start of starts.reverse()) {
        out.set(await file.read(start, start + partSize), start);
      }
      expect(out).toEqual(expected);
    }
    expect(await file.read(10, 5)).toEqual(new Uint8Array(0));
    expect(await file.read(file.size - 3, file.size + 100)).toEqual(expected.subarray(-3));
  });

  it('reads the plaintext once per range, not once per segment', async () => {
    const plain = new Blob([bytesOf(10 * SEGMENT)]);
    const reads: [number, number][] = [];
    const source = blobSource(plain);
    const { sealer } = await twinSealers();
    const file = new SealedFile(sealer, {
      size: source.size,
      read: (start, end) => {
        reads.push([start, end]);
        return source.read(start, end);
      },
    });
    await file.read(0, file.size);
    expect(reads).toEqual([[0, 10 * SEGMENT]]);
  });
});
