import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/crypto';

describe('sha256Hex', () => {
  it('gives the standard digest, so the hashes already stored still match', () => {
    // FIPS 180-2's test vectors: sessions, API keys and visits are found by these hashes.
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // Text is hashed as its UTF-8 bytes, as the Hash object the stored hashes came from did.
    const text = 'pb_密钥-Ключ';
    const stored = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
    expect(sha256Hex(text)).toBe(stored);
  });
});
