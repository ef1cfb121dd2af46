import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { describe, expect, it } from 'vitest';
import { filterEntries, sortEntries } from './entries';

function entry(name: string, options: Partial<FsEntry> = {}): FsEntry {
  return {
    name,
    path: `/m/${name}`,
    isDirectory: false,
    size: 0,
    modified: null,
    mimetype: null,
    etag: null,
    isMount: false,
    mount_id: 'm',
    ...options,
  };
}

const names = (entries: FsEntry[]) => entries.map((each) => each.name);

describe('sortEntries', () => {
  const folder = (name: string) => entry(name, { isDirectory: true });
  const items = [
    entry('b.txt', { size: 30, modified: '2026-01-03T00:00:00Z' }),
    folder('zeta'),
    entry('file10.txt', { size: 10, modified: '2026-01-01T00:00:00Z' }),
    folder('Alpha'),
    entry('file2.txt', { size: 20, modified: '2026-01-02T00:00:00Z' }),
  ];

  it('puts folders first, then names in natural order, ignoring case', () => {
    expect(names(sortEntries(items, { field: 'name', direction: 'asc' }))).toEqual([
      'Alpha',
      'zeta',
      'b.txt',
      'file2.txt',
      'file10.txt',
    ]);
  });

  it('keeps folders first when the order is turned round', () => {
    expect(names(sortEntries(items, { field: 'name', direction: 'desc' }))).toEqual([
      'zeta',
      'Alpha',
      'file10.txt',
      'file2.txt',
      'b.txt',
    ]);
  });

  it('sorts by size and by modification time, both ways', () => {
    expect(names(sortEntries(items, { field: 'size', direction: 'asc' })).slice(2)).toEqual([
      'file10.txt',
      'file2.txt',
      'b.txt',
    ]);
    expect(names(sortEntries(items, { field: 'modified', direction: 'desc' })).slice(2)).toEqual([
      'b.txt',
      'file2.txt',
      'file10.txt',
    ]);
  });

  it('keeps mount points in the order the server gave (the admin’s sort order)', () => {
    const mounts = ['photos', 'archive', 'music'].map((name) =>
      entry(name, { isDirectory: true, isMount: true }),
    );
    expect(names(sortEntries(mounts, { field: 'name', direction: 'asc' }))).toEqual([
      'photos',
      'archive',
      'music',
    ]);
  });

  it('leaves the array it was given alone', () => {
    const copy = [...items];
    sortEntries(items, { field: 'size', direction: 'desc' });
    expect(items).toEqual(copy);
  });
});

describe('filterEntries', () => {
  const items = [entry('Report 2024.pdf'), entry('notes.md'), entry('报告.docx')];

  it('keeps the names holding the query, whatever the case or width', () => {
    expect(names(filterEntries(items, 'report'))).toEqual(['Report 2024.pdf']);
    expect(names(filterEntries(items, 'ＲＥＰＯＲＴ'))).toEqual(['Report 2024.pdf']);
    expect(names(filterEntries(items, '报告'))).toEqual(['报告.docx']);
    expect(names(filterEntries(items, '.MD '))).toEqual(['notes.md']);
  });

  it('shows everything for an empty query and nothing for a miss', () => {
    expect(filterEntries(items, '  ')).toHaveLength(3);
    expect(filterEntries(items, 'zzz')).toEqual([]);
  });
});
