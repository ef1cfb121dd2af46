import { describe, expect, it } from 'vitest';
import { newId, randomSlug, randomToken } from '@/lib/ids';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

describe('randomSlug', () => {
  it('draws six characters without look-alikes, different each time', () => {
    const slugs = Array.from({ length: 2_000 }, () => randomSlug());
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{6}$/);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(randomSlug(12)).toHaveLength(12);
  });

  it('makes every character equally likely (a plain modulo favours the first 32 by 25 %)', () => {
    const perCharacter = 4_000;
    const counts = new Map<string, number>();
    const text = randomSlug(ALPHABET.length * perCharacter);
    for (const character of text) {
      counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect(counts.size).toBe(ALPHABET.length);
    // 4,000 expected per character, a standard deviation of about 63: ±8 % is five of
    // them, which a fair draw stays within; a modulo puts the last 24 at -12.5 %.
    for (const count of counts.values()) {
      expect(Math.abs(count - perCharacter) / perCharacter).toBeLessThan(0.08);
    }
  });
});

describe('randomToken', () => {
  it('never hands out the same bytes twice, across refills of the pool', () => {
    // 1,000 tokens of 32 bytes draw the 4 KiB pool about eight times over, with slugs
    // taking bytes in between so tokens start at every offset.
    const tokens = Array.from({ length: 1_000 }, (_, index) => {
      if (index % 7 === 0) {
        randomSlug(index % 13);
      }
      return randomToken(32);
    });
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // No 8-byte run of one token shows up in another (a reused stretch of the pool would).
    const runs = new Set<string>();
    for (const token of tokens) {
      const bytes = Buffer.from(token, 'base64url');
      for (let at = 0; at + 8 <= bytes.length; at += 8) {
        const run = bytes.subarray(at, at + 8).toString('hex');
        expect(runs.has(run)).toBe(false);
        runs.add(run);
      }
    }
  });

  it('serves sizes of its own and sizes larger than the pool', () => {
    expect(Buffer.from(randomToken(12), 'base64url')).toHaveLength(12);
    expect(Buffer.from(randomToken(10_000), 'base64url')).toHaveLength(10_000);
  });
});

describe('newId', () => {
  it('makes version 7 UUIDs that sort by the time they were made', async () => {
    const first = newId();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Array.from({ length: 1_000 }, newId);
    for (const id of [first, ...later]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBeLessThanOrEqual(
        Date.now(),
      );
    }
    expect(later.every((id) => id > first)).toBe(true);
    expect(new Set(later).size).toBe(later.length);
  });
});
