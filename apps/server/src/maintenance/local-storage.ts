import fsp from 'node:fs/promises';
import path from 'node:path';
import { TEMP_FILE_PREFIX } from '../storage/keys';
import type { Row } from './rows';

/** A `local` storage config's folder, resolved as the storage registry resolves it. */
export interface LocalRoot {
  configId: string;
  root: string;
}

/**
 * The folders of the local storage configs among `configRows` (storage_configs rows):
 * root_path as stored when absolute (a LOCAL_ROOTS folder), else under `dataDir` — so a
 * restore into another DATA_DIR puts the files under the new one, as the server will
 * look for them (storage/registry.ts localRootOf).
 */
export function localRootsOf(configRows: readonly Row[], dataDir: string): LocalRoot[] {
  return configRows
    .filter((row) => row.provider_type === 'local')
    .map((row) => {
      const id = String(row.id);
      const rootPath = typeof row.root_path === 'string' ? row.root_path : null;
      return { configId: id, root: path.resolve(dataDir, rootPath ?? path.join('storage', id)) };
    });
}

/**
 * Every regular file below `root`, as a path relative to it with `/` separators. Temp
 * files of uploads in flight are left out (they are not objects yet), and symbolic links
 * are never followed (the local driver never makes or follows one). A missing root holds
 * no file: a config that was never written to.
 */
export async function* filesBelow(root: string, prefix = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fsp.readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return;
    }
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      yield* filesBelow(root, relative);
    } else if (entry.isFile() && !entry.name.startsWith(TEMP_FILE_PREFIX)) {
      yield relative;
    }
  }
}

/** True when the folder holds at least one file (a restore does not write over data). */
export async function holdsFiles(root: string): Promise<boolean> {
  for await (const file of filesBelow(root)) {
    void file;
    return true;
  }
  return false;
}
