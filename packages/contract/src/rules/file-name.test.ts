import { describe, expect, it } from 'vitest';
import {
  appendToStem,
  cleanFileName,
  FALLBACK_NAME,
  hasUnsafeCharacters,
  NAME_MAX_BYTES,
  utf8ByteLength,
} from './file-name';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('cleanFileName (DESIGN §5)', () => {
  it('strips bidi controls, so a name reads as it is', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    for (const bidi of ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D']) {
      expect(cleanFileName(`a${bidi}b.txt`)).toBe('ab.txt');
    }
    for (const isolate of ['\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(cleanFileName(`a${isolate}b.txt`)).toBe('ab.txt');
    }
  });

  it('strips C0, DEL and C1 controls and invisible format characters', () => {
    expect(cleanFileName('bell\u0007\u0000tab\there.txt')).toBe('belltabhere.txt');
    expect(cleanFileName('del\u007f-c1\u0085\u009b.txt')).toBe('del-c1.txt');
    expect(cleanFileName('\uFEFFbom\u200Bzw\u2060j\u2028.txt')).toBe('bomzwj.txt');
    expect(cleanFileName('lone\uD800surrogate.txt')).toBe('lonesurrogate.txt');
  });

  it('keeps ZWJ and ZWNJ, which emoji and scripts need, and any other letters', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.png';
    expect(cleanFileName(family)).toBe(family);
    expect(cleanFileName('می\u200Cخواهم.txt')).toBe('می\u200Cخواهم.txt');
    expect(cleanFileName('报告 final (1).pdf')).toBe('报告 final (1).pdf');
  });

  it('normalises to NFC, also where a stripped character sat between letter and mark', () => {
    expect(cleanFileName('cafe\u0301.txt')).toBe('caf\u00e9.txt');
    expect(cleanFileName('cafe\u200B\u0301.txt')).toBe('caf\u00e9.txt');
  });

  it('makes one segment: separators become _, never . or .., no leading dots', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(cleanFileName('a\\b.txt')).toBe('a_b.txt');
    expect(cleanFileName('.htaccess')).toBe('htaccess');
    expect(cleanFileName('.env', { allowHidden: true })).toBe('.env');
    expect(cleanFileName('..', { allowHidden: true })).toBe(FALLBACK_NAME);
    expect(cleanFileName('  spaced.txt  ')).toBe('spaced.txt');
  });

  it('falls back when nothing is left', () => {
    for (const empty of ['', '   ', '\u202E', '\u0007\u0000', '...', '\uFEFF \u200B']) {
      expect(cleanFileName(empty)).toBe(FALLBACK_NAME);
    }
    expect(cleanFileName('\u202E', { fallback: 'download' })).toBe('download');
  });

  it('cuts a long name to 255 bytes, keeping the extension', () => {
    const cleaned = cleanFileName(`${'a'.repeat(400)}.pdf`);
    expect(bytes(cleaned)).toBe(NAME_MAX_BYTES);
    expect(cleaned).toBe(`${'a'.repeat(251)}.pdf`);
    expect(cleanFileName(`${'b'.repeat(300)}.tar.gz`)).toBe(`${'b'.repeat(248)}.tar.gz`);
    expect(cleanFileName('x'.repeat(300))).toBe('x'.repeat(255));
  });

  it('never splits a character: multi-byte letters, surrogate pairs, emoji sequences', () => {
    const cjk = cleanFileName(`${'中'.repeat(100)}.txt`);
    expect(cjk).toBe(`${'中'.repeat(83)}.txt`);
    expect(bytes(cjk)).toBe(253);
    const emoji = cleanFileName(`${'\u{1F600}'.repeat(70)}.png`);
    expect(emoji).toBe(`${'\u{1F600}'.repeat(62)}.png`);
    const flags = cleanFileName('\u{1F1EF}\u{1F1F5}'.repeat(40));
    expect(flags).toBe('\u{1F1EF}\u{1F1F5}'.repeat(31));
    const accented = cleanFileName(`${'e\u0301\u0302'.repeat(70)}.txt`);
    expect(accented.endsWith('\u0302.txt')).toBe(true);
    expect(bytes(accented)).toBeLessThanOrEqual(NAME_MAX_BYTES);
  });

  it('honours a smaller budget', () => {
    expect(cleanFileName('report-2026.pdf', { maxBytes: 10 })).toBe('report.pdf');
    expect(cleanFileName('abcdef', { maxBytes: 3 })).toBe('abc');
  });
});

describe('appendToStem', () => {
  it('puts the suffix before the extension and stays within the budget', () => {
    expect(appendToStem('report.pdf', '_k3x9')).toBe('report_k3x9.pdf');
    expect(appendToStem('archive.tar.gz', '_1')).toBe('archive_1.tar.gz');
    expect(appendToStem('README', '_1')).toBe('README_1');
    const long = appendToStem(`${'n'.repeat(255)}.bin`, '_abcdefgh');
    expect(bytes(long)).toBe(NAME_MAX_BYTES);
    expect(long.endsWith('_abcdefgh.bin')).toBe(true);
  });

  it('drops the extension rather than leaving a name that is only an extension', () => {
    expect(appendToStem('ab.verylongext', '_s', 8)).toBe('ab.ver_s');
  });
});

describe('helpers', () => {
  it('counts UTF-8 bytes like Buffer does', () => {
    for (const text of ['a', 'é', '中', '\u{1F600}', 'mixed é中\u{1F600}']) {
      expect(utf8ByteLength(text)).toBe(bytes(text));
    }
  });

  it('tells whether a text holds a character the cleaner removes', () => {
    expect(hasUnsafeCharacters('docs')).toBe(false);
    expect(hasUnsafeCharacters('do\u202Ecs')).toBe(true);
    expect(hasUnsafeCharacters('tab\there')).toBe(true);
    expect(hasUnsafeCharacters('docs')).toBe(false);
  });
});
