/**
 * Names inside a bundle's ZIP: each member file at the archive's root under its own name,
 * made safe (no folder separators, no control characters) and unique — "a.txt", then
 * "a (2).txt", "a (3).txt" — compared without case, as Windows and macOS unpack. The same
 * for the server's archive and for the browser's of an encrypted bundle, whose names only
 * the browser reads.
 */

/** A folder separator or a control character (C0 or DEL): not part of an entry's name. */
function isUnsafe(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '/' || char === '\\' || code < 0x20 || code === 0x7f;
}

/** `text` with every separator and control character replaced by '_'. */
export function withoutUnsafe(text: string): string {
  return Array.from(text, (char) => (isUnsafe(char) ? '_' : char)).join('');
}

/** The name with separators and control characters replaced; never empty, never dots only. */
export function safeEntryName(filename: string): string {
  const cleaned = withoutUnsafe(filename).trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

/** "a.txt" → "a (n).txt"; a name without extension (or a dotfile) gets the suffix at the end. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) {
    return `${name} (${n})`;
  }
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/** The entry names of `filenames`, in order, each unique within the archive. */
export function uniqueEntryNames(filenames: readonly string[]): string[] {
  const taken = new Set<string>();
  return filenames.map((filename) => {
    const base = safeEntryName(filename);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      name = numbered(base, n);
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
