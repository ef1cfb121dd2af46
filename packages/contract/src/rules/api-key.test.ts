import { describe, expect, it } from 'vitest';
import { isValidCustomKey, keyExpiryToIso, normaliseBasicPath } from './api-key';

describe('isValidCustomKey', () => {
  it('accepts letters, digits, underscore and hyphen', () => {
    expect(isValidCustomKey('my_Key-42')).toBe(true);
  });

  it.each(['', 'has space', 'dot.ted', 'slash/ed', 'ümlaut', 'x'.repeat(129)])(
    'refuses %j',
    (key) => {
      expect(isValidCustomKey(key)).toBe(false);
    },
  );
});

describe('keyExpiryToIso', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');

  it('adds the chosen number of days', () => {
    expect(keyExpiryToIso('1d', now)).toBe('2026-01-02T00:00:00.000Z');
    expect(keyExpiryToIso('7d', now)).toBe('2026-01-08T00:00:00.000Z');
    expect(keyExpiryToIso('30d', now)).toBe('2026-01-31T00:00:00.000Z');
    expect(keyExpiryToIso('custom', now, 3)).toBe('2026-01-04T00:00:00.000Z');
  });

  it('answers null for never', () => {
    expect(keyExpiryToIso('never', now)).toBeNull();
  });
});

describe('normaliseBasicPath', () => {
  it.each([
    ['/', '/'],
    ['/docs', '/docs'],
    ['/docs/', '/docs'],
    ['//docs///team//', '/docs/team'],
    ['/docs/./team', '/docs/team'],
    ['///', '/'],
    ['/cafe\u0301', '/caf\u00e9'],
  ])('turns %j into %j', (input, expected) => {
    expect(normaliseBasicPath(input)).toBe(expected);
  });

  it.each([
    '',
    'docs',
    './docs',
    '/docs/../secret',
    '/..',
    '/a\\b',
    '/a\0b',
    `/${'a'.repeat(1000)}`,
  ])('refuses %j', (input) => {
    expect(normaliseBasicPath(input)).toBeNull();
  });
});
