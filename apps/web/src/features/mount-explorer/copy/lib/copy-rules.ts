import type { CopyItem, FsEntry } from '@pastebox/contract/schemas/fs';
import { isAtOrUnder, parentOf } from '@pastebox/contract/rules/virtual-path';

/** What the folder chooser does with the chosen items (issue 30: Copy to… and Move to…). */
export type TransferMode = 'copy' | 'move';

/**
 * The first source the target folder lies in (SPEC §5: a folder copied into itself or one
 * of its own subfolders would copy without end), or null when the target is fine. A file
 * has nothing under it, so only folders can trip this.
 */
export function sourceContainingTarget(sources: readonly string[], target: string): string | null {
  return sources.find((source) => isAtOrUnder(source, target)) ?? null;
}

/**
 * The first source already in the target folder, or null: copying or moving it there would
 * land on itself, which the server refuses, so the chooser does not offer it.
 */
export function sourceAlreadyIn(sources: readonly string[], target: string): string | null {
  return sources.find((source) => parentOf(source) === target) ?? null;
}

/** One copy (or move) item per source, each into the target folder (a trailing `/` says "into"). */
export function copyItemsInto(sources: readonly string[], target: string): CopyItem[] {
  const into = target.endsWith('/') ? target : `${target}/`;
  return sources.map((sourcePath) => ({ sourcePath, targetPath: into }));
}

/**
 * Whether a move can be done at once by renames (atomic, no task): every source lies in
 * the target's mount and no name is taken there. Otherwise the server's move task copies
 * and deletes, merging into what is there as a copy would.
 */
export function movesByRename(
  sources: readonly Pick<FsEntry, 'name' | 'mount_id'>[],
  target: { mount_id: string | null; isVirtual: boolean; items: readonly Pick<FsEntry, 'name'>[] },
): boolean {
  if (target.isVirtual || target.mount_id === null) {
    return false;
  }
  const taken = new Set(target.items.map((entry) => entry.name));
  return sources.every((source) => source.mount_id === target.mount_id && !taken.has(source.name));
}
