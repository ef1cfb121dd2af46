import {
  baseNameOf,
  isAtOrUnder,
  joinPath,
  namesFolder,
} from '@pastebox/contract/rules/virtual-path';
import { intoItselfMessage } from './copy';
import { keyAtOrUnder } from './copy-order';
import { VfsError, type FileSystem, type VfsEntry } from './types';

/** One copy as the file system takes it: two normal paths the caller may use. */
export interface CopyPlan {
  from: string;
  /** The full destination path. */
  to: string;
}

/**
 * The destination of one copy item (issue 9): a `targetPath` ending in `/` is the folder
 * to copy into (the source keeps its name), anything else the full destination. Both
 * paths are normalised and checked for the caller (INVALID_PATH, FORBIDDEN), and a folder
 * copied into itself or its own subfolder is refused (INTO_ITSELF) — never an endless copy.
 */
export function planCopy(fs: FileSystem, sourcePath: string, targetPath: string): CopyPlan {
  const from = fs.normalise(sourcePath);
  const name = baseNameOf(from);
  if (name === '') {
    throw new VfsError('MOUNT_POINT', from, 'the root holds the mounts and cannot be copied');
  }
  const to = namesFolder(targetPath)
    ? fs.normalise(joinPath(fs.normalise(targetPath), name))
    : fs.normalise(targetPath);
  if (from === to) {
    // A file "into its own folder" lands here too: say so rather than "into itself".
    throw new VfsError('INTO_ITSELF', to, `${from} is already there: choose another folder`);
  }
  if (isAtOrUnder(from, to)) {
    throw new VfsError('INTO_ITSELF', to, intoItselfMessage(from, to));
  }
  return { from, to };
}

/**
 * What refuses a copy before it starts, so the caller hears it at once rather than from a
 * failed task: a source that does not exist or is above the mounts, a destination outside
 * every mount or on a mount point, and the same folder reached through two mounts of one
 * storage config, or a destination another principal has locked (LOCKED). Answers the
 * source's entry.
 */
export async function checkCopy(fs: FileSystem, plan: CopyPlan): Promise<VfsEntry> {
  const entry = await fs.stat(plan.from);
  const source = await fs.resolve(plan.from);
  const target = await fs.resolve(plan.to);
  if (target.key === '') {
    throw new VfsError('MOUNT_POINT', plan.to, 'a mount point cannot be replaced by a copy');
  }
  const sameStorage = source.mount.storageConfigId === target.mount.storageConfigId;
  if (sameStorage && keyAtOrUnder(source.key, target.key)) {
    throw new VfsError('INTO_ITSELF', plan.to, intoItselfMessage(plan.from, plan.to));
  }
  // Another's lock on the destination refuses the copy now (files locked below it fail one by one).
  await fs.assertWritable(plan.to);
  return entry;
}
