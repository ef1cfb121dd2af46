import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';
import { hasXmlForbiddenCharacter, replaceXmlForbiddenCharacters } from './xml-characters';

/** Every character XML 1.0 cannot carry (its Char production, §2.2), by kind. */
const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter(
    (char) => !'\t\n\r'.includes(char),
  ),
  '\uFFFE',
  '\uFFFF',
  '\uD800', // a high surrogate alone
  '\uDFFF', // a low surrogate alone
];

describe('characters XML cannot carry (issue 29)', () => {
  it('finds each one, alone or among letters', () => {
    for (const char of FORBIDDEN) {
      expect(hasXmlForbiddenCharacter(char), char.codePointAt(0)?.toString(16)).toBe(true);
      expect(hasXmlForbiddenCharacter(`name${char}.txt`)).toBe(true);
    }
  });

  it('leaves alone what XML carries: tab, LF, CR, DEL, C1, U+FFFD, surrogate pairs', () => {
    for (const text of [
      'a\tb\nc\rd',
      '\u007f\u0085',
      '\uFFFD',
      '\uFFFC',
      '😀',
      '\uD83D\uDE00',
      '漢字',
      '\uE000',
      '\u{10FFFF}',
    ]) {
      expect(hasXmlForbiddenCharacter(text), text).toBe(false);
    }
  });

  it('replaces each one with U+FFFD and returns other text as it is', () => {
    expect(replaceXmlForbiddenCharacters('a\u0001b\uFFFEc\uD800d😀')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd😀',
    );
    const plain = 'plain & simple';
    expect(replaceXmlForbiddenCharacters(plain)).toBe(plain);
  });

  it('cleans U+FFFE and U+FFFF out of a shared file name', () => {
    expect(cleanFileName('non\uFFFEchar\uFFFF.txt')).toBe('nonchar.txt');
  });
});
