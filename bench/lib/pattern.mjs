import { createCipheriv, createHash } from 'node:crypto';

// The benchmark's file content: the AES-128-CTR keystream of a fixed key. It is
// deterministic (the same bytes every run, so both passes share one expected SHA-256),
// incompressible, produced at memory speed, and any range can be made on its own (the CTR
// counter is the block index), so multipart parts need no shared generator.

const KEY = Buffer.from('pastebox-bench-k');
const BLOCK = 16;
const ZEROES = Buffer.alloc(1024 * 1024);

/** The `length` pattern bytes starting at `offset` (a multiple of 16), as one Buffer. */
export function patternBytes(offset, length) {
  if (offset % BLOCK !== 0) {
    throw new Error(`Pattern ranges start on a ${BLOCK}-byte boundary (got ${offset})`);
  }
  const counter = Buffer.alloc(BLOCK);
  counter.writeBigUInt64BE(BigInt(offset / BLOCK), 8);
  const cipher = createCipheriv('aes-128-ctr', KEY, counter);
  const out = Buffer.allocUnsafe(length);
  for (let done = 0; done < length;) {
    const step = Math.min(ZEROES.length, length - done);
    done += cipher.update(ZEROES.subarray(0, step)).copy(out, done);
  }
  return out;
}

/**
 * The first `total` pattern bytes as `chunkSize` Buffers, each fed to `hash` (a
 * node:crypto Hash) on the way out, so the sender learns the SHA-256 of what it sent
 * without ever holding more than one chunk.
 */
export async function* patternChunks(total, chunkSize, hash) {
  const cipher = createCipheriv('aes-128-ctr', KEY, Buffer.alloc(BLOCK));
  const zeroes = Buffer.alloc(chunkSize);
  for (let sent = 0; sent < total;) {
    const step = Math.min(chunkSize, total - sent);
    const chunk = cipher.update(zeroes.subarray(0, step));
    hash.update(chunk);
    sent += step;
    yield chunk;
    // A socket that keeps accepting would otherwise pump the whole body in microtasks and
    // starve the timers (the RSS sampler among them) until the upload ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A fresh SHA-256 hash, hex digest on `digest('hex')`. */
export const sha256 = () => createHash('sha256');

/** The SHA-256 (hex) of the first `total` pattern bytes, made a chunk at a time. */
export async function patternDigest(total, chunkSize = 1024 * 1024) {
  const hash = sha256();
  for await (const chunk of patternChunks(total, chunkSize, hash)) {
    void chunk;
  }
  return hash.digest('hex');
}
