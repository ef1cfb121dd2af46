import { ERRORS } from '@pastebox/contract/errors';
import { isAppError } from '@/lib/errors';
import { VFS_ERROR_KEYS } from './error-keys';
import { VfsError } from './types';

/**
 * What a copy reports for an object it could not copy: words the task manager can show to
 * the one who started it. A storage's own error is named only by its code — its message
 * may carry the server's directories or the bucket's endpoint.
 */
export function copyFailureMessage(error: unknown): string {
  if (error instanceof VfsError) {
    return ERRORS[VFS_ERROR_KEYS[error.code]].message;
  }
  if (isAppError(error)) {
    // The capacity ledger's refusal: its words name sizes only (SPEC §8).
    return error.message;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string') {
    return `The storage refused the copy (${code})`;
  }
  const name = error instanceof Error ? error.name : '';
  return name && name !== 'Error'
    ? `The storage refused the copy (${name})`
    : 'The storage refused the copy';
}
