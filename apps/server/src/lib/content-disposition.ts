import { cleanFileName } from '@pastebox/contract/rules/file-name';

/**
 * Content-Disposition values (RFC 6266) with `filename*` (RFC 5987/8187) for any Unicode
 * name, plus a plain `filename` fallback for old clients that ignore the extended form.
 */

/** RFC 5987 attr-char: what may stay unencoded in an ext-value. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeExtValue(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value.normalize('NFC'), 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded +=
      byte < 0x80 && ATTR_CHAR.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Printable ASCII without quote and backslash; everything else becomes `_`. */
function asciiFallback(filename: string): string {
  const ascii = filename.normalize('NFC').replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return ascii.trim() === '' ? 'download' : ascii;
}

/**
 * The name as the cleaner keeps it (DESIGN §5): no control, bidi or separator character in
 * a header, also for a name stored before names were cleaned or coming from a remote server.
 */
function headerSafeName(filename: string): string {
  return cleanFileName(filename, { allowHidden: true, fallback: 'download' });
}

/**
 * `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`. The extended form is
 * always sent, so browsers show the exact name whatever its script.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const name = headerSafeName(filename);
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
