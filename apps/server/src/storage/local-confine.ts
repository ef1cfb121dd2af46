import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PathEscapeError } from './driver';
import { isMissing } from './local-files';

/**
 * Confinement of the local driver (DESIGN §5, issue 29): every operation stays inside the
 * storage root. A symbolic link below the root — put there by anyone with a shell, a sync
 * tool, an extracted archive — could lead anywhere the server's user can reach, so the
 * rule is the simplest one that is safe and easy to explain: links are never followed.
 * A path through a link, or naming one, is refused (PathEscapeError, FORBIDDEN in the
 * file system), whether the link leads out of the root or stays inside it, and listings
 * do not show links at all. The root itself is trusted: judgeLocalRoot checked it, links
 * and all, when the config was saved and when its driver was built.
 *
 * Each component below the root is checked with lstat just before it is used. What a
 * check cannot see is a directory swapped for a link by someone with a shell on the host
 * between the check and the use; the last component is opened with O_NOFOLLOW where a
 * file is read, and written by rename, which replaces a link rather than following it.
 */

/**
 * The lstat of `file` (the root or a path below it), after checking that no component
 * between the root and it is a symbolic link. Null when something on the way is missing,
 * or is a file where a folder would have to be: then nothing is there. `key` names the
 * object in the error.
 */
export async function lstatConfined(
  root: string,
  file: string,
  key: string,
): Promise<fs.Stats | null> {
  const relative = path.relative(root, file);
  if (relative === '') {
    return statOrNull(() => fsp.stat(root));
  }
  // A name may begin with '..' ('..％2f', '..／x'): only '..' as a whole segment is a way up.
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw new PathEscapeError(key);
  }
  const parts = relative.split(path.sep);
  let current = root;
  let stats: fs.Stats | null = null;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    stats = await statOrNull(() => fsp.lstat(current));
    if (stats === null) {
      return null;
    }
    if (stats.isSymbolicLink()) {
      throw new PathEscapeError(key);
    }
    if (!stats.isDirectory() && index < parts.length - 1) {
      return null;
    }
  }
  return stats;
}

/** Refuses `file` when a link is on the way to it; answers nothing else. */
export async function assertConfined(root: string, file: string, key: string): Promise<void> {
  await lstatConfined(root, file, key);
}

/**
 * Opens a file for reading without following a link at its last component (the folders
 * above it were checked by lstatConfined just before): a link put there since is ELOOP,
 * refused as an escape. Null when the file is gone or is not a regular file.
 */
export async function openConfined(
  file: string,
  key: string,
): Promise<{ handle: fsp.FileHandle; stats: fs.Stats } | null> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ELOOP') {
      throw new PathEscapeError(key);
    }
    if (isMissing(error) || code === 'EISDIR') {
      return null;
    }
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) {
      return { handle, stats };
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return null;
}

/** A directory entry that is a symbolic link: never listed, never walked into. */
export function isLink(entry: fs.Dirent): boolean {
  return entry.isSymbolicLink();
}

async function statOrNull(call: () => Promise<fs.Stats>): Promise<fs.Stats | null> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) {
      return null;
    }
    throw error;
  }
}
