import { isAtOrUnder, segmentsOf } from '@pastebox/contract/rules/virtual-path';

/**
 * The order the copy engine walks a tree in: depth first, each folder's entries (files and
 * folders together) by name in code-unit order. It is the lexicographic order of the
 * paths' segment lists, so "everything before this path" can be decided from two paths
 * alone — which is what lets a copy taken over after a crash skip what was already done.
 */

/** Code-unit order of two names, the same on every storage and in every locale. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` is walked before `b`, 0 when they are the same path. */
export function compareWalkOrder(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  const shared = Math.min(left.length, right.length);
  for (let at = 0; at < shared; at++) {
    const order = byCodeUnit(left[at] ?? '', right[at] ?? '');
    if (order !== 0) {
      return order;
    }
  }
  return left.length - right.length;
}

/**
 * True when a walk that got as far as `after` (a file it finished) has already dealt with
 * `path` completely: a file at or before it, or a folder wholly before it. A folder on the
 * way down to `after` is only partly done and is walked again.
 */
export function doneBefore(
  path: string,
  isDirectory: boolean,
  after: string | null | undefined,
): boolean {
  if (!after) {
    return false;
  }
  if (isDirectory) {
    return !isAtOrUnder(path, after) && compareWalkOrder(path, after) < 0;
  }
  return compareWalkOrder(path, after) <= 0;
}

/** True when the object key `key` is `folderKey` or lies below it ('' is the whole storage). */
export function keyAtOrUnder(folderKey: string, key: string): boolean {
  return folderKey === '' || key === folderKey || key.startsWith(`${folderKey}/`);
}

/** The key of `name` inside the folder key `folderKey`. */
export function childKey(folderKey: string, name: string): string {
  return folderKey === '' ? name : `${folderKey}/${name}`;
}
