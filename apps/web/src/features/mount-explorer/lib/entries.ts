import type { FsEntry } from '@pastebox/contract/schemas/fs';

export type SortField = 'name' | 'size' | 'modified';
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: SortField;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { field: 'name', direction: 'asc' };

/** Natural order: "file2" before "file10", case and accents aside, in any script. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

function modifiedTime(entry: FsEntry): number {
  const time = entry.modified ? Date.parse(entry.modified) : Number.NaN;
  return Number.isNaN(time) ? 0 : time;
}

function byField(field: SortField, a: FsEntry, b: FsEntry): number {
  switch (field) {
    case 'name':
      return compareNames(a.name, b.name);
    case 'size':
      return a.size - b.size;
    case 'modified':
      return modifiedTime(a) - modifiedTime(b);
  }
}

/** 0: mount points, 1: folders, 2: files — folders always come first. */
function rank(entry: FsEntry): number {
  return entry.isMount ? 0 : entry.isDirectory ? 1 : 2;
}

/**
 * The entries in display order: folders first whatever the sort, then by the chosen field
 * (ties by name). Mount points keep the order the server gave them, which is the
 * administrator's sort order (SPEC §3); the array passed in is left alone.
 */
export function sortEntries(entries: readonly FsEntry[], sort: SortState): FsEntry[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const group = rank(a.entry) - rank(b.entry);
      if (group !== 0) {
        return group;
      }
      if (a.entry.isMount) {
        return a.index - b.index;
      }
      const primary = byField(sort.field, a.entry, b.entry);
      return sign * (primary || compareNames(a.entry.name, b.entry.name));
    })
    .map(({ entry }) => entry);
}

/** Folds case, width and composed forms so "ＲＥＰＯＲＴ" finds "report". */
function searchForm(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/** The entries whose name holds the query (client side, this folder only); all for "". */
export function filterEntries(entries: readonly FsEntry[], query: string): FsEntry[] {
  const wanted = searchForm(query.trim());
  if (wanted === '') {
    return [...entries];
  }
  return entries.filter((entry) => searchForm(entry.name).includes(wanted));
}
