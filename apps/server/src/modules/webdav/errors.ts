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
    super(message ?? reasonOf(status));
  }
}

/**
 * The words of an error status when nothing more specific is known. An error with an
 * empty body leaves a client guessing (cadaver reads a bare 403 as "not WebDAV-enabled?"),
 * so every error answer says at least this.
 */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed on this resource',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Request body too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  423: 'Locked',
  500: 'Internal server error',
  502: 'Bad gateway',
  507: 'Insufficient storage',
};

/** The short reason of an error status. */
export function reasonOf(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Server error' : 'Request refused');
}

/** A text/plain error answer: the status and one line saying why. */
export function reasonResponse(
  status: number,
  reason: string,
  headers: Headers | Record<string, string> = {},
): Response {
  const answer = new Headers(headers);
  answer.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(`${reason}\n`, { status, headers: answer });
}

/**
 * A handler's answer, an error without a body given the status's reason (a 412 of a
 * conditional GET, a 416, a COPY whose one file failed), its headers kept.
 */
export function withReason(response: Response): Response {
  if (response.status < 400 || response.body !== null) {
    return response;
  }
  return reasonResponse(response.status, reasonOf(response.status), response.headers);
}
