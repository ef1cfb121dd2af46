import { describe, expect, it } from 'vitest';
import { abilitiesOf, canWriteInto } from './abilities';
import { isEditable, nameProblem } from './entry-name';

describe('nameProblem', () => {
  const siblings = ['notes.md', 'Photos'];

  it('accepts one plain segment in any script', () => {
    expect(nameProblem('report.pdf', siblings)).toBeNull();
    expect(nameProblem('  照片 2024  ', siblings)).toBeNull();
  });

  it('refuses empty names, separators, dot names and control characters', () => {
    expect(nameProblem('   ', siblings)).toBe('required');
    expect(nameProblem('a/b', siblings)).toBe('invalid');
    expect(nameProblem('a\\b', siblings)).toBe('invalid');
    expect(nameProblem('..', siblings)).toBe('invalid');
    expect(nameProblem('.', siblings)).toBe('invalid');
    expect(nameProblem('tab\there', siblings)).toBe('invalid');
  });

  it('refuses names over 255 bytes of UTF-8', () => {
    expect(nameProblem('a'.repeat(255), siblings)).toBeNull();
    expect(nameProblem('a'.repeat(256), siblings)).toBe('tooLong');
    expect(nameProblem('照'.repeat(86), siblings)).toBe('tooLong');
  });

  it('refuses a name the folder already has, except the entry’s own', () => {
    expect(nameProblem('notes.md', siblings)).toBe('taken');
    expect(nameProblem('notes.md', siblings, 'notes.md')).toBeNull();
    expect(nameProblem('photos', siblings)).toBeNull();
  });
});

describe('what can be done to an entry', () => {
  const base = { path: '/m/x', modified: null, etag: null, mount_id: 'm' };
  const file = (name: string, size: number, mimetype: string | null = null) => ({
    ...base,
    name,
    size,
    mimetype,
    isDirectory: false,
    isMount: false,
  });

  it('edits text files up to 10 MB and nothing else', () => {
    expect(isEditable(file('a.md', 10))).toBe(true);
    expect(isEditable(file('main.ts', 10, 'video/mp2t'))).toBe(true);
    expect(isEditable(file('log.txt', 10 * 1024 * 1024))).toBe(true);
    expect(isEditable(file('log.txt', 10 * 1024 * 1024 + 1))).toBe(false);
    expect(isEditable(file('a.png', 10, 'image/png'))).toBe(false);
    expect(isEditable(file('blob.bin', 10, 'application/octet-stream'))).toBe(false);
  });

  it('never renames or deletes a mount point, but copies from it', () => {
    const mount = { ...file('team', 0), isDirectory: true, isMount: true };
    expect(abilitiesOf(mount)).toMatchObject({ rename: false, delete: false, copy: true });
    expect(abilitiesOf(file('a.md', 1))).toMatchObject({
      rename: true,
      delete: true,
      download: true,
      share: true,
      edit: true,
    });
  });

  it('writes only into folders with storage behind them', () => {
    expect(canWriteInto({ isRoot: true, isVirtual: true })).toBe(false);
    expect(canWriteInto({ isRoot: false, isVirtual: true })).toBe(false);
    expect(canWriteInto({ isRoot: false, isVirtual: false })).toBe(true);
  });
});
