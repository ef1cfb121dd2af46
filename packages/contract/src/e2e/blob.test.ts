import { createCipheriv, hkdfSync, pbkdf2Sync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BlobSealer, openBytes, sealBytes, sealWith } from './blob';
import { E2eDecryptError, HEADER_BYTES, TAG_BYTES, type BlobHeader } from './format';
import { decodeFragmentKey, encodeBase64Url, newFragmentKey } from './keys';

const SEGMENT = 1024;
const SEALED = SEGMENT + TAG_BYTES;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + 3) % 251);

/** A fixed key and header: the test vectors of docs/encryption.md. */
const VECTOR_KEY = Uint8Array.from({ length: 32 }, (_, i) => i);
const VECTOR_HEADER: BlobHeader = {
  segmentBytes: SEGMENT,
  salt: Uint8Array.from({ length: 16 }, (_, i) => 0x10 + i),
  iterations: 0,
  noncePrefix: Uint8Array.from({ length: 7 }, (_, i) => 0xa0 + i),
};

/** The same blob computed with node:crypto, independently of the code under test. */
function sealedByNode(plain: Buffer, header: Buffer, password?: string): Buffer {
  const salt = header.subarray(10, 26);
  const ikm = password
    ? Buffer.concat([VECTOR_KEY, pbkdf2Sync(password, salt, header.readUInt32BE(26), 32, 'sha256')])
    : Buffer.from(VECTOR_KEY);
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, 'pastebox e2e v1 content', 32));
  const segments: Buffer[] = [header];
  let offset = 0;
  let index = 0;
  do {
    const end = Math.min(offset + SEGMENT, plain.length);
    const nonce = Buffer.alloc(12);
    header.copy(nonce, 0, 30, 37);
    nonce.writeUInt32BE(index, 7);
    nonce[11] = end === plain.length ? 1 : 0;
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(header);
    segments.push(cipher.update(plain.subarray(offset, end)), cipher.final(), cipher.getAuthTag());
    offset = end;
    index += 1;
  } while (offset < plain.length);
  return Buffer.concat(segments);
}

async function expectRefused(blob: Uint8Array, key: Uint8Array, password?: string) {
  const opened = openBytes(blob, key, password ? { password } : {});
  await expect(opened).rejects.toBeInstanceOf(E2eDecryptError);
}

describe('end-to-end encrypted blobs (docs/encryption.md)', () => {
  it.each([0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT + 5])(
    'round-trips %i bytes, in segments of the declared size',
    async (length) => {
      const key = newFragmentKey();
      const plain = bytesOf(length);
      const blob = await sealBytes(plain, key, { segmentBytes: SEGMENT });
      const segments = Math.max(1, Math.ceil(length / SEGMENT));
      expect(blob.length).toBe(HEADER_BYTES + length + segments * TAG_BYTES);
      expect(await openBytes(blob, key)).toEqual(plain);
    },
  );

  it('matches an independent AES-GCM and HKDF computation (test vector)', async () => {
    const plain = new TextEncoder().encode('Pastebox keeps this secret. '.repeat(40));
    const sealer = await BlobSealer.withHeader(VECTOR_KEY, VECTOR_HEADER);
    const blob = await sealWith(sealer, plain);
    const expected = sealedByNode(Buffer.from(plain), Buffer.from(sealer.headerBytes));
    expect(Buffer.from(blob).toString('hex')).toBe(expected.toString('hex'));
    const short = await sealWith(
      await BlobSealer.withHeader(VECTOR_KEY, VECTOR_HEADER),
      new TextEncoder().encode('hello'),
    );
    expect(Buffer.from(short).toString('hex')).toBe(VECTOR_HELLO);
    expect(encodeBase64Url(VECTOR_KEY)).toBe('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8');
  });

  it('mixes a password in: the link alone opens nothing, the wrong password neither', async () => {
    const header = { ...VECTOR_HEADER, iterations: 600_000 };
    const plain = new TextEncoder().encode('the contract, signed');
    const sealer = await BlobSealer.withHeader(VECTOR_KEY, header, { password: 'correct horse' });
    const blob = await sealWith(sealer, plain);
    const expected = sealedByNode(
      Buffer.from(plain),
      Buffer.from(sealer.headerBytes),
      'correct horse',
    );
    expect(Buffer.from(blob).equals(expected)).toBe(true);
    expect(text(await openBytes(blob, VECTOR_KEY, { password: 'correct horse' }))).toBe(
      'the contract, signed',
    );
    await expectRefused(blob, VECTOR_KEY);
    await expectRefused(blob, VECTOR_KEY, 'Correct horse');
  });

  it('refuses a wrong key and a blob that is not one', async () => {
    const blob = await sealBytes(bytesOf(10), newFragmentKey());
    await expectRefused(blob, newFragmentKey());
    await expectRefused(new TextEncoder().encode('just some text, not a blob at all'), VECTOR_KEY);
    expect(decodeFragmentKey('short')).toBeNull();
    expect(decodeFragmentKey(encodeBase64Url(VECTOR_KEY))).toEqual(VECTOR_KEY);
  });

  describe('tampering is refused, never shown as plaintext', () => {
    const key = VECTOR_KEY;
    let blob: Uint8Array;
    const segment = (index: number) =>
      blob.slice(HEADER_BYTES + index * SEALED, HEADER_BYTES + (index + 1) * SEALED);

    beforeAll(async () => {
      blob = await sealBytes(bytesOf(3 * SEGMENT + 100), key, { segmentBytes: SEGMENT });
      // Four segments: three whole ones and a last of 100 bytes.
      expect(blob.length).toBe(HEADER_BYTES + 3 * SEALED + 100 + TAG_BYTES);
    });

    it.each([
      ['a header byte', 12],
      ['a byte of the first segment', HEADER_BYTES + 5],
      ['a byte of a middle segment', HEADER_BYTES + SEALED + 700],
      ['the last tag', -1],
    ])('a flipped byte: %s', async (_what, at) => {
      const changed = blob.slice();
      const index = at < 0 ? changed.length + at : at;
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      await expectRefused(changed, key);
    });

    it('a dropped segment', async () => {
      const dropped = new Uint8Array([
        ...blob.slice(0, HEADER_BYTES),
        ...segment(0),
        ...blob.slice(HEADER_BYTES + 2 * SEALED),
      ]);
      await expectRefused(dropped, key);
    });

    it('two segments swapped, and one repeated', async () => {
      const swapped = new Uint8Array([
        ...blob.slice(0, HEADER_BYTES),
        ...segment(1),
        ...segment(0),
        ...blob.slice(HEADER_BYTES + 2 * SEALED),
      ]);
      await expectRefused(swapped, key);
      const repeated = new Uint8Array([
        ...blob.slice(0, HEADER_BYTES + SEALED),
        ...blob.slice(HEADER_BYTES),
      ]);
      await expectRefused(repeated, key);
    });

    it('cut at a segment boundary, cut inside a segment, and data appended', async () => {
      await expectRefused(blob.slice(0, HEADER_BYTES + 2 * SEALED), key);
      await expectRefused(blob.slice(0, HEADER_BYTES + SEALED + 40), key);
      await expectRefused(blob.slice(0, HEADER_BYTES + 3), key);
      await expectRefused(new Uint8Array([...blob, 0, 1, 2]), key);
    });
  });
});

/** "hello" under the vector key and header (docs/encryption.md). */
const VECTOR_HELLO =
  '50424531010000000400101112131415161718191a1b1c1d1e1f00000000a0a1a2a3a4a5a6' +
  '40db8b648da7d22eba8ae6911ba518c9edd45313b8';
