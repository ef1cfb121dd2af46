import { AppError } from './errors';

/**
 * Rules that hold for every value a client sends, whatever the field (DESIGN §5). They run
 * once, after the route's own schema, on every validated part of a request — JSON body,
 * query, path parameters, form fields — so no field can forget them.
 *
 * NUL (U+0000): PostgreSQL cannot store it in text at all (a 500 on one database and a
 * silently stored byte on the other), and no name, password or text needs it.
 * Lone surrogates (half of a UTF-16 pair): not text at all; they cannot be stored as UTF-8
 * without turning into U+FFFD, and encodeURIComponent throws on them (a name in a link).
 */

type Path = (string | number)[];

/** With the u flag a surrogate range matches only an unpaired half (a pair is one code point). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True for text that every store and encoder takes as it is. */
function isCleanText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The path of the first string in `value` that is not clean text, or null. */
export function findUncleanText(value: unknown, path: Path = []): Path | null {
  if (typeof value === 'string') {
    return isCleanText(value) ? null : path;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUncleanText(item, [...path, index]);
      if (found) {
        return found;
      }
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUncleanText(item, [...path, key]);
      if (found) {
        return found;
      }
    }
  }
  return null;
}

/** Throws a 400 naming the field when any string in `value` is not clean text. */
export function assertCleanText(value: unknown): void {
  const path = findUncleanText(value);
  if (path) {
    const field = path.join('.') || 'value';
    throw new AppError('VALIDATION_FAILED', `${field} must be text without NUL characters`, [
      { path: field, message: 'must not contain NUL (U+0000) or a lone surrogate' },
    ]);
  }
}
