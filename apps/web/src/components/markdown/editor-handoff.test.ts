import { describe, expect, it } from 'vitest';
import { changeBetween, lineIndexAt } from './editor-handoff';

describe('changeBetween', () => {
  it('is the one replacement between the common start and end', () => {
    expect(changeBetween('', 'typed')).toEqual({ from: 0, to: 0, insert: 'typed' });
    expect(changeBetween('# Draft\n', '# Draft\nmore')).toEqual({ from: 8, to: 8, insert: 'more' });
    expect(changeBetween('one two three', 'one 2 three')).toEqual({ from: 4, to: 7, insert: '2' });
    expect(changeBetween('aaa', 'aa')).toEqual({ from: 2, to: 3, insert: '' });
  });

  it('is null when nothing changed', () => {
    expect(changeBetween('same', 'same')).toBeNull();
  });
});

describe('lineIndexAt', () => {
  it('counts the line breaks before the position', () => {
    expect(lineIndexAt('', 0)).toBe(0);
    expect(lineIndexAt('a\nb\nc', 1)).toBe(0);
    expect(lineIndexAt('a\nb\nc', 2)).toBe(1);
    expect(lineIndexAt('a\nb\nc', 5)).toBe(2);
    expect(lineIndexAt('a\n', 2)).toBe(1);
  });
});
