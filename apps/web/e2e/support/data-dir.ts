import fs from 'node:fs';
import path from 'node:path';

/**
 * What the server keeps on disk, read directly (issue 35: an encrypted share must leave no
 * plaintext there): every file under a data directory — the database, its journal, the
 * storage, temp files.
 */

/** Every file under `dir` that holds `needle`, relative to `dir`. */
export function filesHolding(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && fs.readFileSync(full).includes(needle)) {
      found.push(path.relative(dir, full));
    }
  }
  return found;
}
