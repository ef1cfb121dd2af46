import { describe, expect, it } from 'vitest';
import { normaliseVirtualPath, VirtualPathError, type VirtualPathProblem } from './virtual-path';

function problemOf(raw: string): VirtualPathProblem | 'none' {
  try {
    normaliseVirtualPath(raw);
    return 'none';
  } catch (error) {
    if (error instanceof VirtualPathError) {
      return error.problem;
    }
    throw error;
  }
}

describe('normaliseVirtualPath', () => {
  it('gives one normal form', () => {
    expect(normaliseVirtualPath('/a//b/')).toBe('/a/b');
    expect(normaliseVirtualPath('/')).toBe('/');
    expect(normaliseVirtualPath('/cafe\u0301')).toBe('/caf\u00e9');
  });

  it('refuses what could step outside or is no path', () => {
    expect(problemOf('')).toBe('empty');
    expect(problemOf('a/b')).toBe('relative');
    expect(problemOf('/a/../b')).toBe('dot-segment');
    expect(problemOf('/a\\b')).toBe('backslash');
    expect(problemOf('/a\u0000b')).toBe('control-character');
    expect(problemOf(`/${'x'.repeat(256)}`)).toBe('too-long');
  });

  it('refuses every character XML cannot carry (issue 29: WebDAV shows every name in XML)', () => {
    for (const char of ['\u0001', '\u001f', '\t', '\n', '\r']) {
      expect(problemOf(`/m/a${char}b`), JSON.stringify(char)).toBe('control-character');
    }
    for (const char of ['\uFFFE', '\uFFFF', '\uD800', '\uDC00']) {
      expect(problemOf(`/m/a${char}b`), JSON.stringify(char)).toBe('unrepresentable-character');
    }
    // A lone surrogate at the very end, where it has no partner to look for.
    expect(problemOf('/m/a\uD83D')).toBe('unrepresentable-character');
  });

  it('takes what XML carries: U+FFFD, surrogate pairs, private use, C1 letters', () => {
    for (const name of ['/m/\uFFFD', '/m/😀', '/m/\uE000', '/m/\u00a0x', '/m/\uFFFC']) {
      expect(problemOf(name), name).toBe('none');
    }
  });
});
