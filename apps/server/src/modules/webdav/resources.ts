import { parentOf } from '@pastebox/contract/rules/virtual-path';
import { VfsError, type VfsEntry } from '@/vfs/types';
import type { DavContext } from './context';
import { DavHttpError } from './errors';
import { onFs } from './status';

/** The existing entry at a path, or null when there is none. */
export async function existingEntry(ctx: DavContext, path: string): Promise<VfsEntry | null> {
  try {
    return await ctx.fs.stat(path);
  } catch (error) {
    if (error instanceof VfsError && error.code === 'NOT_FOUND') {
      return null;
    }
    throw error;
  }
}

/** The parent must be a collection that exists (RFC 4918 §9.7.1: 409 otherwise). */
export async function assertParentCollection(ctx: DavContext, path: string): Promise<void> {
  const parent = await onFs(() => existingEntry(ctx, parentOf(path)));
  if (!parent?.isDirectory) {
    throw new DavHttpError(409, undefined, [], 'the parent collection does not exist');
  }
}
