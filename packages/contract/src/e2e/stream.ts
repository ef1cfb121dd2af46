import { BlobOpener, type BlobSealer, type OpenOptions } from './blob';
import { E2eDecryptError, HEADER_BYTES } from './format';

/**
 * A file of any size, encrypted or decrypted as a stream (docs/encryption.md): memory holds
 * at most a segment or two, whatever the file's size. Both sides hold one whole segment
 * back until the next byte or the end shows whether it is the last one.
 */

/** Plaintext in, the blob out: its header, then each segment as soon as it is whole. */
export function sealingStream(sealer: BlobSealer): TransformStream<Uint8Array, Uint8Array> {
  const size = sealer.header.segmentBytes;
  let held: Uint8Array = new Uint8Array(0);
  return new TransformStream({
    start(controller) {
      controller.enqueue(sealer.headerBytes);
    },
    async transform(chunk, controller) {
      held = join(held, chunk);
      // More than one segment held: all but the last whole one are surely not the last.
      // Sealed from a moving offset, and the rest kept once: copying the rest after each
      // segment cost a chunk's size per segment (quadratic in the chunk).
      let offset = 0;
      while (held.length - offset > size) {
        controller.enqueue(await sealer.seal(held.subarray(offset, offset + size), false));
        offset += size;
      }
      if (offset > 0) {
        held = held.slice(offset);
      }
    },
    async flush(controller) {
      controller.enqueue(await sealer.seal(held, true));
    },
  });
}

/** The blob in, plaintext out; errors with E2eDecryptError at the first bad segment. */
export function openingStream(
  fragmentKey: Uint8Array,
  options: OpenOptions = {},
): TransformStream<Uint8Array, Uint8Array> {
  let opener: BlobOpener | null = null;
  let index = 0;
  let held: Uint8Array = new Uint8Array(0);
  return new TransformStream({
    async transform(chunk, controller) {
      held = join(held, chunk);
      if (!opener) {
        if (held.length < HEADER_BYTES) {
          return;
        }
        opener = await BlobOpener.create(held.subarray(0, HEADER_BYTES), fragmentKey, options);
        held = held.slice(HEADER_BYTES);
      }
      // The chunk's whole segments (all but a last one held back) are opened at once, so
      // Web Crypto may use more than one core, and enqueued in order once all are checked.
      // They are cut from a moving offset and the rest kept once (see sealingStream).
      const whole = opener.sealedSegmentBytes;
      const opening: Promise<Uint8Array>[] = [];
      let offset = 0;
      while (held.length - offset > whole) {
        opening.push(opener.openSegment(index, held.subarray(offset, offset + whole), false));
        index += 1;
        offset += whole;
      }
      for (const plain of await Promise.all(opening)) {
        controller.enqueue(plain);
      }
      if (offset > 0) {
        held = held.slice(offset);
      }
    },
    async flush(controller) {
      if (!opener) {
        throw new E2eDecryptError('truncated', 'The encrypted data is cut short');
      }
      controller.enqueue(await opener.openSegment(index, held, true));
    },
  });
}

function join(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) {
    return b;
  }
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
