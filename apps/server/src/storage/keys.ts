import { appendToStem, cleanFileName } from '@pastebox/contract/rules/file-name';
import { hasXmlForbiddenCharacter } from '@pastebox/contract/rules/xml-characters';

/**
 * Object keys as every driver accepts them. One rule for local and S3, so an object that
 * can be stored on one can be stored on the other: Unicode NFC, no NUL or other control
 * characters, no backslash, no leading slash, no `.`/`..` segments, no empty segments.
 */
export class InvalidKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(key)}: ${reason}`);
  }
}

/** Names the local driver keeps for itself; refused as object keys on every driver. */
export const RESERVED_ROOT_FOLDER = '.multipart';
export const TEMP_FILE_PREFIX = '.pastebox-tmp-';
/**
 * The top-level folder of every file share's object (issue 29): the drivers accept it (the
 * shares write there), the mount file system neither lists nor opens it (vfs/listing.ts),
 * so a key with mount permission cannot read or replace the bytes behind a share.
 */
export const SHARE_OBJECTS_FOLDER = '.pastebox-shares';

const MAX_KEY_BYTES = 1024;

function checkSegments(original: string, segments: string[]): void {
  for (const segment of segments) {
    if (segment === '.' || segment === '..') {
      throw new InvalidKeyError(original, 'dot segments are not allowed');
    }
    if (segment.startsWith(TEMP_FILE_PREFIX)) {
      throw new InvalidKeyError(original, 'reserved name');
    }
  }
  if (segments[0] === RESERVED_ROOT_FOLDER) {
    throw new InvalidKeyError(original, 'reserved folder');
  }
}

function checkCharacters(original: string, value: string): void {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    throw new InvalidKeyError(original, 'control characters are not allowed');
  }
  // Lone surrogates (no UTF-8 key holds one) and U+FFFE/U+FFFF: WebDAV could not show them.
  if (hasXmlForbiddenCharacter(value)) {
    throw new InvalidKeyError(original, 'characters XML cannot carry are not allowed');
  }
  if (value.includes('\\')) {
    throw new InvalidKeyError(original, 'backslashes are not allowed');
  }
  if (value.startsWith('/')) {
    throw new InvalidKeyError(original, 'keys are relative (no leading slash)');
  }
  if (Buffer.byteLength(value, 'utf8') > MAX_KEY_BYTES) {
    throw new InvalidKeyError(original, `longer than ${MAX_KEY_BYTES} bytes`);
  }
}

/** The canonical form of an object key, or an InvalidKeyError. Repeated slashes collapse. */
export function normaliseKey(key: string): string {
  const value = key.normalize('NFC').replace(/\/{2,}/g, '/');
  checkCharacters(key, value);
  if (value === '' || value.endsWith('/')) {
    throw new InvalidKeyError(key, 'an object key names a file, not a folder');
  }
  checkSegments(key, value.split('/'));
  return value;
}

/** The canonical form of a folder key: '' (the root) or a key-like name without a trailing slash. */
export function normaliseFolderKey(key: string): string {
  return key === '' ? '' : normaliseKey(key);
}

/**
 * The canonical form of a listing prefix: '' (everything) or a key-like string that may
 * end with '/' (a folder) or not (a name prefix, as S3 allows).
 */
export function normalisePrefix(prefix: string): string {
  const value = prefix.normalize('NFC').replace(/\/{2,}/g, '/');
  if (value === '') {
    return '';
  }
  checkCharacters(prefix, value);
  const segments = value.split('/');
  checkSegments(
    prefix,
    segments.filter((segment, index) => segment !== '' || index < segments.length - 1),
  );
  return value;
}

/**
 * A config's default folder as a key prefix: '' or 'a/b/' (trimmed of outer slashes,
 * checked like a key). Used by the S3 driver to place every key below it.
 */
export function folderPrefix(folder: string | null | undefined): string {
  const trimmed = (folder ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${normaliseKey(trimmed)}/`;
}

/**
 * The key of a new object named after a user's file: `folder` ('' or 'a/b/'), then the
 * name cleaned (DESIGN §5) with `suffix` before its extension, the whole segment within
 * the file system's 255 bytes — a suffix added after cleaning must not push it over.
 */
export function keyForFileName(folder: string, filename: string, suffix: string): string {
  return normaliseKey(`${folder}${appendToStem(cleanFileName(filename), suffix)}`);
}
