import type { CopyOptions, ResolvedPath, VfsEntry } from './types';

/**
 * The copy engine behind FileSystem.copy (DESIGN §7): copies `source` (a file, or a folder
 * recursively) to `target`. Within one storage config it copies server-side; across
 * storages it streams object by object, memory flat. Reports progress through
 * options.onEvent and stops at the next object boundary once options.signal aborts.
 */
export function copyEntry(
  source: ResolvedPath,
  sourceEntry: VfsEntry,
  target: ResolvedPath,
  options: CopyOptions,
): Promise<void> {
  void source;
  void sourceEntry;
  void target;
  void options;
  return Promise.reject(new Error('copyEntry: not built yet'));
}
