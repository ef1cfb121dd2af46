import { decodeHeader, HEADER_BYTES, TAG_BYTES } from '@pastebox/contract/e2e/format';
import { decodeBase64Url } from '@pastebox/contract/e2e/keys';
import { AppError } from '@/lib/errors';

/**
 * End-to-end encrypted shares (issue 35, docs/encryption.md): what the server checks of a
 * sealed blob — its header in bounds, and room for at least one tag. The server cannot
 * check more, and must not: it never has the key. It refuses anything else, so a client
 * that forgot to encrypt cannot store plaintext under the flag, and no page will take
 * plaintext for a blob. Pastes and files share these checks.
 */

/** The smallest blob: a header and the tag of its one (empty) last segment. */
export const SEALED_BLOB_MIN_BYTES = HEADER_BYTES + TAG_BYTES;

/** Whether `bytes` begin with a blob's header (magic, version and bounds). */
export function startsWithBlobHeader(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_BYTES) {
    return false;
  }
  try {
    decodeHeader(bytes.subarray(0, HEADER_BYTES));
    return true;
  } catch {
    return false;
  }
}

/** The refusal of content sent as encrypted that is no sealed blob; `path` names the field. */
export function notSealedBlob(path: string, form = 'a sealed blob'): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'An encrypted share must be sent as a sealed blob (docs/encryption.md)',
    [{ path, message: `is not ${form}` }],
  );
}

/** A sealed blob in base64url (a paste's content, a file's metadata), or 400 at `path`. */
export function assertSealedBlob(text: string, path: string): string {
  const bytes = decodeBase64Url(text);
  if (!bytes || bytes.length < SEALED_BLOB_MIN_BYTES || !startsWithBlobHeader(bytes)) {
    throw notSealedBlob(path, 'a sealed blob in base64url');
  }
  return text;
}
