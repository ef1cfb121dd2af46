import { describe, expect, it } from 'vitest';
import { newId, randomSlug } from '@/lib/ids';

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
