import { describe, expect, it } from 'vitest';
import {
  copyItemsInto,
  movesByRename,
  sourceAlreadyIn,
  sourceContainingTarget,
} from './copy-rules';

describe('copy and move rules', () => {
  it('finds a source the target folder lies in, itself included', () => {
    expect(sourceContainingTarget(['/a/x.txt', '/a/b'], '/a/b/c')).toBe('/a/b');
    expect(sourceContainingTarget(['/a/b'], '/a/b')).toBe('/a/b');
    expect(sourceContainingTarget(['/a/b'], '/a/bc')).toBeNull();
    expect(sourceContainingTarget(['/a/b'], '/a')).toBeNull();
  });

  it('finds a source already in the target folder', () => {
    expect(sourceAlreadyIn(['/a/x.txt', '/a/b'], '/a')).toBe('/a/x.txt');
    expect(sourceAlreadyIn(['/a/b'], '/a/b')).toBeNull();
    expect(sourceAlreadyIn(['/a/b'], '/')).toBeNull();
  });

  it('copies every source into the folder', () => {
    expect(copyItemsInto(['/a/x', '/a/y'], '/b')).toEqual([
      { sourcePath: '/a/x', targetPath: '/b/' },
      { sourcePath: '/a/y', targetPath: '/b/' },
    ]);
  });

  it('moves by renames only within one mount and to free names', () => {
    const into = (items: { name: string }[], mountId: string | null = 'm1') => ({
      mount_id: mountId,
      isVirtual: mountId === null,
      items,
    });
    const source = { name: 'a.txt', mount_id: 'm1' };
    expect(movesByRename([source], into([{ name: 'b.txt' }]))).toBe(true);
    expect(movesByRename([source], into([{ name: 'a.txt' }]))).toBe(false);
    expect(movesByRename([source], into([], 'm2'))).toBe(false);
    expect(movesByRename([source], into([], null))).toBe(false);
  });
});
