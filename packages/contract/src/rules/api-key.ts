const CUSTOM_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A key's base path is bounded like any path column; longer ones are refused, not cut. */
const BASIC_PATH_MAX_LENGTH = 1000;

/** SPEC §5: a custom API key uses only letters, digits, underscore and hyphen. */
export function isValidCustomKey(key: string): boolean {
  return key.length >= 1 && key.length <= 128 && CUSTOM_KEY_PATTERN.test(key);
}

/**
 * Turns a key-expiry choice into an absolute instant (ISO 8601), or null for never.
 * SPEC §9: 1d, 7d, 30d, never, custom days.
 */
export function keyExpiryToIso(
  choice: '1d' | '7d' | '30d' | 'never' | 'custom',
  now: Date,
  customDays?: number,
): string | null {
  const dayMs = 24 * 60 * 60 * 1000;
  const days =
    choice === '1d'
      ? 1
      : choice === '7d'
        ? 7
        : choice === '30d'
          ? 30
          : choice === 'custom'
            ? customDays
            : null;
  if (days === null || days === undefined) {
    return null;
  }
  return new Date(now.getTime() + days * dayMs).toISOString();
}

/**
 * The canonical form of an API key's basic_path, or null when it cannot be one.
 * DESIGN §5: a path must start with /, may hold neither NUL, backslash nor a `..` segment
 * (a key must never climb out of its base); repeated slashes and `.` segments collapse,
 * a trailing slash is dropped (except for the root) and the text is Unicode NFC, so two
 * spellings of one folder compare equal in the path-permission check.
 */
export function normaliseBasicPath(input: string): string | null {
  const path = input.normalize('NFC');
  if (!path.startsWith('/') || path.length > BASIC_PATH_MAX_LENGTH) {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) {
    return null;
  }
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    return null;
  }
  return `/${segments.join('/')}`;
}
