import { describe, expect, it } from 'vitest';
import { folderPrefix, InvalidKeyError, normaliseKey, normalisePrefix } from '@/storage/keys';
import { parseRangeHeader } from '@/storage/range';

describe('object keys', () => {
  it('normalises: NFC, repeated slashes collapse', () => {
    expect(normaliseKey('a//b///c.txt')).toBe('a/b/c.txt');
    expect(normaliseKey('cafe\u0301.txt')).toBe('café.txt');
  });

  it.each([
    ['..', 'dot segments'],
    ['a/./b', 'dot segments'],
    ['/etc/passwd', 'leading slash'],
    ['a\\b', 'backslash'],
    ['a\u0000b', 'control'],
    ['a\nb', 'control'],
    ['.multipart/x', 'reserved folder'],
    ['a/.pastebox-tmp-123', 'reserved name'],
    ['x'.repeat(1025), 'longer than'],
  ])('refuses %j (%s)', (key, reason) => {
    expect(() => normaliseKey(key)).toThrow(InvalidKeyError);
    expect(() => normaliseKey(key)).toThrow(reason);
  });

  it('takes prefixes that end with a slash or stop mid-name, and the empty prefix', () => {
    expect(normalisePrefix('')).toBe('');
    expect(normalisePrefix('a//b/')).toBe('a/b/');
    expect(normalisePrefix('a/b')).toBe('a/b');
    expect(() => normalisePrefix('../')).toThrow(InvalidKeyError);
  });

  it('turns a default folder into a key prefix', () => {
    expect(folderPrefix(null)).toBe('');
    expect(folderPrefix(' /uploads/2026/ ')).toBe('uploads/2026/');
    expect(() => folderPrefix('a/../b')).toThrow(InvalidKeyError);
  });
});

describe('Range headers', () => {
  it.each([
    ['bytes=0-4', { start: 0, end: 4 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=-3', { start: 7, end: 9 }],
    ['bytes=-30', { start: 0, end: 9 }],
    ['bytes=8-100', { start: 8, end: 9 }],
  ])('%s of 10 bytes', (header, expected) => {
    expect(parseRangeHeader(header, 10)).toEqual(expected);
  });

  it.each([undefined, '', 'items=0-1', 'bytes=0-1,3-4', 'bytes=5-2', 'bytes=-'])(
    'ignores %j (whole object)',
    (header) => {
      expect(parseRangeHeader(header, 10)).toBeNull();
    },
  );

  it('answers unsatisfiable past the end and for an empty object', () => {
    expect(parseRangeHeader('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-5', 0)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', 10)).toBe('unsatisfiable');
  });
});
