import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits';
import { checkSlug, RESERVED_SLUGS } from './slug';

describe('checkSlug (SPEC §5)', () => {
  it.each(['abc', 'A-b_9', 'x', 'a'.repeat(LIMITS.slugMaxLength), '---', '2024'])(
    'accepts %j',
    (slug) => {
      expect(checkSlug(slug)).toBeNull();
    },
  );

  it.each([
    '',
    'a'.repeat(LIMITS.slugMaxLength + 1),
    'has space',
    'dot.ted',
    'sl/ash',
    'back\\slash',
    'ümlaut',
    '中文',
    'tab\t',
    'new\nline',
    '..',
  ])('refuses %j as SLUG_INVALID', (slug) => {
    expect(checkSlug(slug)).toBe('SLUG_INVALID');
  });

  it('refuses every reserved word, in any case, as SLUG_RESERVED', () => {
    for (const word of RESERVED_SLUGS) {
      expect(checkSlug(word)).toBe('SLUG_RESERVED');
      expect(checkSlug(word.toUpperCase())).toBe('SLUG_RESERVED');
    }
    expect(RESERVED_SLUGS.has('admin')).toBe(true);
    expect(RESERVED_SLUGS.has('raw')).toBe(true);
  });

  it('accepts words that merely contain a reserved one', () => {
    expect(checkSlug('admin-notes')).toBeNull();
    expect(checkSlug('myapi')).toBeNull();
  });
});
