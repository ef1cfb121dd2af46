/**
 * A WebDAV answer that is not a success (RFC 4918): a status, and for some refusals the
 * precondition or postcondition element the client reads (e.g. `propfind-finite-depth`,
 * `lock-token-submitted`, `no-conflicting-lock`), answered as a `DAV:error` body.
 * Every method handler throws these; the dispatcher turns them into responses.
 */
export class DavHttpError extends Error {
  constructor(
    readonly status: number,
    /** Local name of a DAV: precondition element, e.g. 'lock-token-submitted'. */
    readonly condition?: string,
    /** Hrefs inside the condition element (the locked resources for lock-token-submitted). */
    readonly hrefs: readonly string[] = [],
    message?: string,
  ) {
    super(message ?? `WebDAV ${status}${condition ? ` (${condition})` : ''}`);
  }
}
