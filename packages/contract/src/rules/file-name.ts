/**
 * File names as they may be stored and shown (DESIGN §5 "names that reach users are
 * cleaned"): one path segment, no character that hides or reorders text, at most what a
 * file system takes. Pure, so the server cleans every name that enters with it and the web
 * app can show the name the server will keep.
 */

/** What ext4, XFS, Btrfs, ZFS and APFS take in one path segment, in UTF-8 bytes. */
export const NAME_MAX_BYTES = 255;

/** The name of a file whose own name had nothing left after cleaning. */
export const FALLBACK_NAME = 'file';

/**
 * Removed outright:
 * - controls: C0, DEL, C1 (`\p{Cc}`), and lone surrogates (`\p{Cs}`), which no file
 *   system or UTF-8 column can hold;
 * - bidi controls: ALM U+061C, LRM/RLM U+200E–F, LRE…RLO U+202A–E, LRI…PDI U+2066–9 —
 *   `invoice\u202Efdp.exe` displays as `invoiceexe.pdf`;
 * - invisible format characters that hide text: zero-width space U+200B, line and
 *   paragraph separators U+2028–9, word joiner and invisible operators U+2060–4,
 *   deprecated format controls U+206A–F, BOM U+FEFF, annotation marks U+FFF9–B;
 * - the noncharacters U+FFFE and U+FFFF, which XML (WebDAV) cannot carry.
 * ZWNJ and ZWJ (U+200C–D) stay: Persian, Indic scripts and emoji sequences need them.
 */
const UNSAFE =
  /[\p{Cc}\p{Cs}\u061C\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/gu;

/** Separators of the file systems and object stores we write to. */
const SEPARATORS = /[/\\]/g;

/** `.pdf`, `.tar.gz`: kept whole when a name is shortened. */
const EXTENSION = /(?:\.tar)?\.[\p{L}\p{N}_-]{1,16}$/iu;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export interface CleanNameOptions {
  /** The longest result, in UTF-8 bytes; NAME_MAX_BYTES by default. */
  maxBytes?: number;
  /** Returned when nothing is left; FALLBACK_NAME by default. */
  fallback?: string;
  /**
   * Keeps leading dots (`.env`). Off by default: a shared file never becomes a hidden
   * one, nor takes a dot name the local driver keeps for itself.
   */
  allowHidden?: boolean;
}

/** Whether `text` holds a character cleanFileName removes. */
export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

/** Bytes of `text` in UTF-8 (no TextEncoder: this runs per grapheme while cutting). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The longest start of `text` within `maxBytes`, cut between user-perceived characters. */
function cutToBytes(text: string, maxBytes: number): string {
  if (utf8ByteLength(text) <= maxBytes) {
    return text;
  }
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = utf8ByteLength(segment);
    if (used + size > maxBytes) {
      break;
    }
    kept += segment;
    used += size;
  }
  if (kept !== '') {
    return kept;
  }
  // One grapheme over the whole budget (a base with hundreds of marks): cut code points.
  for (const char of text) {
    used += utf8ByteLength(char);
    if (used > maxBytes) {
      break;
    }
    kept += char;
  }
  return kept;
}

/** `report.final.pdf` → [`report.final`, `.pdf`]; a leading dot is not an extension. */
function splitExtension(name: string): [string, string] {
  const match = EXTENSION.exec(name);
  if (!match || match.index === 0) {
    return [name, ''];
  }
  return [name.slice(0, match.index), match[0]];
}

/**
 * `name` with `suffix` before its extension, shortened to `maxBytes` by cutting the stem:
 * `report.pdf` + `_k3x9` → `report_k3x9.pdf`.
 */
export function appendToStem(name: string, suffix: string, maxBytes = NAME_MAX_BYTES): string {
  const [stem, extension] = splitExtension(name);
  const room = maxBytes - utf8ByteLength(suffix) - utf8ByteLength(extension);
  if (room < 1) {
    // No room for a stem beside the extension: a name is never just `.pdf`.
    return `${cutToBytes(name, maxBytes - utf8ByteLength(suffix)).trimEnd()}${suffix}`;
  }
  return `${cutToBytes(stem, room).trimEnd()}${suffix}${extension}`;
}

/**
 * A name fit to store and show, as one path segment: without control, bidi and invisible
 * format characters, separators as `_`, Unicode NFC, trimmed, never `.` or `..`, and at
 * most `maxBytes` of UTF-8 — cut between whole characters, the extension kept. A name
 * with nothing left becomes the fallback.
 */
export function cleanFileName(raw: string, options: CleanNameOptions = {}): string {
  const maxBytes = options.maxBytes ?? NAME_MAX_BYTES;
  const fallback = options.fallback ?? FALLBACK_NAME;
  // NFC after stripping: a mark that followed a stripped character may compose now.
  let name = raw.replace(UNSAFE, '').replace(SEPARATORS, '_').normalize('NFC').trim();
  if (!options.allowHidden) {
    name = name.replace(/^\.+/, '').trimStart();
  }
  if (name === '' || name === '.' || name === '..') {
    return fallback;
  }
  return utf8ByteLength(name) <= maxBytes ? name : appendToStem(name, '', maxBytes);
}
