import { describe, expect, it } from 'vitest';
import { accessAt, basicPathOf, normalPath } from '@/vfs/paths';
import { VfsError } from '@/vfs/types';

function problemOf(raw: string): string {
  try {
    normalPath(raw);
  } catch (error) {
    if (error instanceof VfsError) {
      return error.code;
    }
    throw error;
  }
  return 'accepted';
}

describe('normalPath', () => {
  it('collapses slashes, drops a trailing slash and composes Unicode (NFC)', () => {
    expect(normalPath('//photos///2024//')).toBe('/photos/2024');
    expect(normalPath('/')).toBe('/');
    expect(normalPath('/cafe\u0301.txt')).toBe('/caf\u00e9.txt');
  });

  it.each([
    ['/photos/../etc', 'dot dot'],
    ['/photos/./a', 'dot'],
    ['/..', 'dot dot at the root'],
    ['/photos/%2e%2e/secret', 'encoded dot dot'],
    ['/photos/%2E%2e', 'encoded dot dot, mixed case'],
    ['/photos/.%2e/x', 'half encoded'],
    ['/photos/%2e/x', 'encoded dot'],
    ['/photos\\..\\etc', 'backslash'],
    ['/photos/a\u0000b', 'NUL'],
    ['/photos/a\nb', 'newline'],
    ['photos/a', 'relative'],
    ['', 'empty'],
    [`/${'a'.repeat(256)}`, 'a segment over 255 bytes'],
  ])('refuses %j (%s) as INVALID_PATH', (raw) => {
    expect(problemOf(raw)).toBe('INVALID_PATH');
  });

  it('keeps look-alikes of / and . as plain characters of one name', () => {
    // Fullwidth solidus, division slash, one-dot leader: names, never separators.
    expect(normalPath('/team/\uff0e\uff0e\uff0fsecret')).toBe('/team/\uff0e\uff0e\uff0fsecret');
    expect(normalPath('/team/\u2215etc')).toBe('/team/\u2215etc');
    expect(normalPath('/team/\u2024\u2024')).toBe('/team/\u2024\u2024');
    expect(normalPath('/team/%2e%2e%2e')).toBe('/team/%2e%2e%2e');
  });
});

describe('accessAt', () => {
  it('gives the admin everything', () => {
    expect(accessAt(basicPathOf({ kind: 'admin' }), '/anything/at/all')).toBe('full');
  });

  it('keeps a key at or under its basic_path; /team never grants /team-b', () => {
    const team = basicPathOf({ kind: 'key', basicPath: '/team/' });
    expect(team).toBe('/team');
    expect(accessAt(team, '/team')).toBe('full');
    expect(accessAt(team, '/team/docs/a.txt')).toBe('full');
    expect(accessAt(team, '/team-b')).toBe('none');
    expect(accessAt(team, '/team-b/a.txt')).toBe('none');
    expect(accessAt(team, '/teams')).toBe('none');
    expect(accessAt(team, '/other')).toBe('none');
  });

  it('lets a key see the folders on the way down to its basic_path', () => {
    const deep = basicPathOf({ kind: 'key', basicPath: '/team/docs' });
    expect(accessAt(deep, '/')).toBe('way-down');
    expect(accessAt(deep, '/team')).toBe('way-down');
    expect(accessAt(deep, '/team/other')).toBe('none');
  });

  it('gives a key with basic_path / everything, and one with a broken basic_path nothing', () => {
    expect(accessAt(basicPathOf({ kind: 'key', basicPath: '/' }), '/x/y')).toBe('full');
    const broken = basicPathOf({ kind: 'key', basicPath: '/team/../etc' });
    expect(broken).toBeNull();
    expect(accessAt(broken, '/')).toBe('none');
    expect(accessAt(broken, '/etc')).toBe('none');
  });
});
