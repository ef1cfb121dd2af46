import type { CopyItem } from '@pastebox/contract/schemas/fs';
import { isAtOrUnder } from '@pastebox/contract/rules/virtual-path';

/**
 * The first source the target folder lies in (SPEC §5: a folder copied into itself or one
 * of its own subfolders would copy without end), or null when the target is fine. A file
 * has nothing under it, so only folders can trip this.
 */
export function sourceContainingTarget(sources: readonly string[], target: string): string | null {
  return sources.find((source) => isAtOrUnder(source, target)) ?? null;
}

/** One copy item per source, each into the target folder (a trailing `/` says "into"). */
export function copyItemsInto(sources: readonly string[], target: string): CopyItem[] {
  const into = target.endsWith('/') ? target : `${target}/`;
  return sources.map((sourcePath) => ({ sourcePath, targetPath: into }));
}
