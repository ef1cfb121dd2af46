import type { Envelope } from '@pastebox/contract/errors';
import { authStore } from './auth/auth-store';
import { apiUrl, backendOrigin } from './backend';
import { cacheOwner } from './offline/cache-owner';
import { cacheSlotFor, isCacheableType, isNetworkFailure } from './offline/cache-rules';
import {
  markOfflineCopy,
  OFFLINE_SOURCE_HEADER,
  OFFLINE_SOURCE_VALUE,
  recallAnswer,
  rememberAnswer,
} from './offline/response-cache';
import { browserIsOffline, UnavailableOfflineError } from './offline/unavailable-offline';

/**
 * The one place the web app reads the API envelope `{ code, message, data, success, error?,
 * details? }` (SPEC §8). fetch calls go through `apiRequest`; transports that cannot use
 * fetch (XHR for upload progress, the URL-upload proxy stream) hand their raw answer to
 * `unwrapAnswer` or `answerError`.
 */

/** An API failure: the HTTP status, the server's stable error key and its message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string | null,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** The answer's Retry-After header, when it had one (see lib/retry-wait.ts). */
    readonly retryAfter?: string | null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send no credentials even when signed in (public calls that must count as a stranger). */
  anonymous?: boolean;
  /**
   * Credentials to try instead of the stored ones (a key typed at login). They are not the
   * session's, so their refusal signs nobody out (SPEC §5).
   */
  authorization?: string;
}

/** An answer as any transport received it. */
export interface RawAnswer {
  status: number;
  text: string;
  /** The Retry-After header, for a transport that can read it. */
  retryAfter?: string | null;
}

/** Keys that mean "your credentials are no longer valid": the only 401s that log out (SPEC §8). */
const SESSION_KEYS = new Set(['INVALID_TOKEN', 'API_KEY_INVALID']);

/** The message of the network failure apiRequest reports, unsent, while offline. */
const OFFLINE_NOT_SENT = 'Failed to fetch: the browser is offline';

/** Envelope codes that mean success (SPEC §8). */
const OK_CODES = new Set([200, 201, 202]);

/** The envelope in a body, or null when the body is not one (an HTML error page, nothing). */
export function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const parsed = JSON.parse(text) as Envelope<T>;
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The AppError an answer stands for: the server's key and message, else
 * 'HTTP error {status}: {text}', else 'request failed' (SPEC §8).
 */
export function answerError(answer: RawAnswer, envelope = parseEnvelope(answer.text)): AppError {
  const message =
    envelope?.message ||
    (answer.text ? `HTTP error ${answer.status}: ${answer.text.slice(0, 200)}` : 'request failed');
  return new AppError(
    answer.status,
    envelope?.error ?? null,
    message,
    envelope?.details,
    answer.retryAfter,
  );
}

/**
 * The data of a successful answer (2xx status and envelope code 200/201/202); else throws
 * its AppError. A 401 for dead session credentials signs out; a wrong share password or a
 * failed change-password check does not (SPEC §8).
 */
export function unwrapAnswer<T>(answer: RawAnswer, sentSessionCredentials: boolean): T {
  const envelope = parseEnvelope<T>(answer.text);
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && envelope && OK_CODES.has(envelope.code)) {
    return envelope.data;
  }
  const error = answerError(answer, envelope);
  if (answer.status === 401 && error.key && SESSION_KEYS.has(error.key) && sentSessionCredentials) {
    authStore.signOut('expired');
  }
  throw error;
}

/**
 * Calls the API with fetch and unwraps the envelope (see `unwrapAnswer`).
 *
 * Offline copies (SPEC §4): a successful JSON GET is kept in the offline database for the
 * identity that made it; a GET whose fetch fails on the network (offline, DNS, refused
 * connection — not an HTTP error answer) is answered from that copy when one exists, as a
 * 200 carrying `X-Pastebox-Source: offline-cache`, through the same unwrap; with no copy and
 * the browser offline it throws UnavailableOfflineError (the page shows the offline
 * fallback). Calls with
 * borrowed credentials (`authorization`) or none on purpose (`anonymous`) are never cached.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const session = options.anonymous || options.authorization ? null : authStore.authorization();
  const authorization = options.authorization ?? session;
  if (authorization) {
    headers.authorization = authorization;
  }
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const method = options.method ?? 'GET';
  const slot =
    method === 'GET' && !options.anonymous && !options.authorization ? cacheSlotFor(path) : null;
  const owner = cacheOwner(authStore.get(), backendOrigin());
  let response: Response;
  try {
    if (browserIsOffline()) {
      // The fetch could only fail, and Chromium logs every failed load as a console error
      // (issue 30): fail as fetch would, without asking the network, into the offline copy.
      throw new TypeError(OFFLINE_NOT_SENT);
    }
    response = await fetch(apiUrl(path), {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    const networkFailure = isNetworkFailure(error, options.signal);
    const copy = slot && networkFailure ? await recallAnswer(slot, owner) : null;
    if (!copy) {
      // Offline with nothing kept: the page was never seen here (SPEC §2 offline fallback).
      throw networkFailure && method === 'GET' && browserIsOffline()
        ? new UnavailableOfflineError(path)
        : error;
    }
    response = copy;
  }
  const fromCopy = response.headers.get(OFFLINE_SOURCE_HEADER) === OFFLINE_SOURCE_VALUE;
  const text = await response.text();
  // A copy was not the server's verdict on the session: it must never sign anyone out.
  const answer = { status: response.status, text, retryAfter: response.headers.get('retry-after') };
  const data = unwrapAnswer<T>(answer, session !== null && !fromCopy);
  if (fromCopy) {
    markOfflineCopy(data);
  } else if (slot && isCacheableType(response.headers.get('content-type'))) {
    void rememberAnswer(slot, owner, data);
  }
  return data;
}
