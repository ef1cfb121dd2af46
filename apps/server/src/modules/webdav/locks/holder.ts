import type { AppDeps } from '@/context';
import { lockingFor } from '@/modules/dav-locks/service';
import type { FileSystemOptions } from '@/vfs/file-system';
import { parseIfHeader } from './if-header';

/**
 * The lock tokens a request submitted: every state token its `If` header names outside a
 * `Not` (RFC 4918 §10.4), as evaluateIf counts them. A malformed header submits none (the
 * method's own If evaluation answers it with 400).
 */
export function submittedTokens(request: Request): Set<string> {
  const header = request.headers.get('if');
  if (header === null || header.trim() === '') {
    return new Set();
  }
  try {
    return new Set(
      parseIfHeader(header).flatMap((list) =>
        list.conditions.filter((c) => c.kind === 'token' && !c.not).map((c) => c.value),
      ),
    );
  } catch {
    return new Set();
  }
}

/**
 * What the WebDAV caller's file system knows of locks: a write passes a lock only when the
 * request is its principal's and submitted its token — the file system repeats, for every
 * write it makes, the check assertWritable makes before a method starts.
 */
export function davLocking(
  deps: AppDeps,
  principalId: string,
  request: Request,
): Pick<FileSystemOptions, 'locks'> {
  return lockingFor(deps, principalId, submittedTokens(request));
}
