import { describe, expect, it } from 'vitest';
import { BlobSealer, concat, openBytes, sealBytes } from './blob';
import { E2eDecryptError, HEADER_BYTES, TAG_BYTES } from './format';
import { newFragmentKey } from './keys';
import { openingStream, sealingStream } from './stream';

const SEGMENT = 1024;

/** `bytes` as a stream of chunks of the given sizes, cycled. */
function chunked(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let offset = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const size = sizes[turn++ % sizes.length] ?? 1;
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) {
    parts.push(part);
  }
  return concat(parts);
}

const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 13 + 5) % 256);

describe('encrypting and decrypting as a stream', () => {
  it.each([0, 1, SEGMENT, 2 * SEGMENT, 5 * SEGMENT + 77])(
    '%i bytes in odd chunks: the stream equals the whole-blob functions both ways',
    async (length) => {
      const key = newFragmentKey();
      const plain = bytesOf(length);
      const sealer = await BlobSealer.create(key, { segmentBytes: SEGMENT });
      const blob = await collect(
        chunked(plain, [1, 700, 3000, 5]).pipeThrough(sealingStream(sealer)),
      );
      expect(await openBytes(blob, key)).toEqual(plain);
      const whole = await sealBytes(plain, key, { segmentBytes: SEGMENT });
      const opened = await collect(
        chunked(whole, [3, 1100, 37, 4096]).pipeThrough(openingStream(key)),
      );
      expect(opened).toEqual(plain);
    },
  );

  it('streams: 64 MiB through both, never more than a few segments ahead of the reader', async () => {
    const key = newFragmentKey();
    const sealer = await BlobSealer.create(key);
    const total = 64 * 1024 * 1024;
    const chunk = 256 * 1024;
    let produced = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= total) {
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(chunk).fill(produced % 251));
        produced += chunk;
      },
    });
    let largest = 0;
    let received = 0;
    let furthestAhead = 0;
    const piped = source.pipeThrough(sealingStream(sealer)).pipeThrough(openingStream(key));
    for await (const part of piped) {
      largest = Math.max(largest, part.length);
      received += part.length;
      furthestAhead = Math.max(furthestAhead, produced - received);
    }
    expect(received).toBe(total);
    expect(largest).toBeLessThanOrEqual(64 * 1024);
    // What was read from the source but not yet handed out is all the streams hold: a few
    // source chunks and segments, however long the file (backpressure, not buffering).
    expect(furthestAhead).toBeLessThanOrEqual(8 * chunk);
  });

  it('errors at a damaged segment, after handing out only the segments before it', async () => {
    const key = newFragmentKey();
    const blob = await sealBytes(bytesOf(4 * SEGMENT), key, { segmentBytes: SEGMENT });
    const damaged = blob.slice();
    const thirdSegment = HEADER_BYTES + 2 * (SEGMENT + TAG_BYTES) + 10;
    damaged[thirdSegment] = (damaged[thirdSegment] ?? 0) ^ 0x80;
    const received: Uint8Array[] = [];
    const reading = (async () => {
      for await (const part of chunked(damaged, [512]).pipeThrough(openingStream(key))) {
        received.push(part);
      }
    })();
    await expect(reading).rejects.toBeInstanceOf(E2eDecryptError);
    expect(received.reduce((sum, part) => sum + part.length, 0)).toBe(2 * SEGMENT);
    const cut = blob.slice(0, HEADER_BYTES - 1);
    await expect(
      collect(chunked(cut, [10]).pipeThrough(openingStream(key))),
    ).rejects.toBeInstanceOf(E2eDecryptError);
  });
});
