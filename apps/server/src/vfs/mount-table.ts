import { isAtOrUnder, segmentsOf } from '@pastebox/contract/rules/virtual-path';
import type { MountRecord } from './types';

/** Where a normal path lies: inside a mount, in a folder above mounts, or nowhere. */
export type Placement =
  { kind: 'mount'; mount: MountRecord; key: string } | { kind: 'virtual' } | { kind: 'none' };

/** A child of a virtual folder: a mount point, or another virtual folder on the way to one. */
export interface VirtualChild {
  name: string;
  path: string;
  /** Set when the child is a mount point itself. */
  mount: MountRecord | null;
  /** Sort order of the child (a virtual folder sorts with its first mount). */
  sortOrder: number;
}

/**
 * The active mounts (an inactive mount is invisible: its paths are NOT_FOUND and its
 * point is not listed). Mount paths never nest (SPEC §5), so a path is inside at most one
 * mount; the longest prefix is taken all the same, so a bad row cannot make it ambiguous.
 */
export class MountTable {
  private readonly mounts: MountRecord[];

  constructor(all: readonly MountRecord[]) {
    this.mounts = all
      .filter((mount) => mount.isActive)
      .sort((a, b) => b.mountPath.length - a.mountPath.length);
  }

  /** The mount a path lies in (longest prefix), and its object key ('' at the mount point). */
  place(path: string): Placement {
    const mount = this.mounts.find((candidate) => isAtOrUnder(candidate.mountPath, path));
    if (mount) {
      const key = path === mount.mountPath ? '' : path.slice(mount.mountPath.length + 1);
      return { kind: 'mount', mount, key };
    }
    // The root always exists: with no mount yet it is an empty folder, not a 404.
    return path === '/' || this.mounts.some((candidate) => isAtOrUnder(path, candidate.mountPath))
      ? { kind: 'virtual' }
      : { kind: 'none' };
  }

  /** The children of a virtual folder, in sort order then name. */
  childrenOf(folder: string): VirtualChild[] {
    const depth = segmentsOf(folder).length;
    const children = new Map<string, VirtualChild>();
    for (const mount of this.mounts) {
      if (mount.mountPath === folder || !isAtOrUnder(folder, mount.mountPath)) {
        continue;
      }
      const name = segmentsOf(mount.mountPath)[depth];
      if (name === undefined) {
        continue;
      }
      const path = folder === '/' ? `/${name}` : `${folder}/${name}`;
      const isPoint = path === mount.mountPath;
      const known = children.get(name);
      if (!known) {
        children.set(name, {
          name,
          path,
          mount: isPoint ? mount : null,
          sortOrder: mount.sortOrder,
        });
      } else {
        known.sortOrder = Math.min(known.sortOrder, mount.sortOrder);
        if (isPoint) {
          known.mount = mount;
        }
      }
    }
    return [...children.values()].sort(
      (a, b) => a.sortOrder - b.sortOrder || compareNames(a.name, b.name),
    );
  }

  byId(id: string): MountRecord | null {
    return this.mounts.find((mount) => mount.id === id) ?? null;
  }
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Names as people read them (`file2` before `file10`), ties broken by code point. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
