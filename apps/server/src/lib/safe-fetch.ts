import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { AppError } from './errors';
import { ByteLimitStream } from './net/byte-limit';
import { requestPinned } from './net/pinned-request';
import { type HostResolver, resolveAllowedTarget, systemResolver } from './net/resolve-target';

/** Limits of DESIGN §5 for server-side fetches of user-given URLs. */
export const SAFE_FETCH_DEFAULTS = {
  maxRedirects: 5,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
} as const;

export interface SafeFetchOptions {
  /** ALLOW_PRIVATE_URLS: loopback, private and link-local addresses may be fetched. */
  allowPrivate: boolean;
  method?: 'GET' | 'HEAD' | 'POST';
  /** A POST's body and its headers (webhooks); the URL upload sends neither. */
  body?: Buffer;
  headers?: Readonly<Record<string, string>>;
  /** false: a redirect is answered as it is, not followed (a signed POST stays where it was sent). */
  followRedirects?: boolean;
  /** Aborting it ends the request at once with the signal's reason. */
  signal?: AbortSignal;
  /** Redirects followed; one more is refused with URL_TOO_MANY_REDIRECTS. */
  maxRedirects?: number;
  /** From sending the request until the response headers (connect included). */
  headersTimeoutMs?: number;
  /** The longest silence allowed while the body streams. */
  idleTimeoutMs?: number;
  /** The body may not exceed this many bytes (FILE_TOO_LARGE, refused up front or midway). */
  maxBytes?: number;
  /** How host names become addresses; the system resolver unless a test injects one. */
  resolver?: HostResolver;
}

export interface SafeFetchResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  redirects: number;
  /** Content-Length when the server sent a valid one. */
  contentLength: number | null;
  /** The body; it errors on timeouts, a cut connection or more than maxBytes. */
  body: Readable;
  /** Stops the download and closes the connection. */
  discard(): void;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a user-given URL without letting it reach the server's own network (DESIGN §5):
 * http(s) only; every hop's host is resolved and checked, and the connection goes to the
 * checked address (a pinned lookup, so DNS rebinding cannot swap it); at most 5
 * redirects; time limits on headers and on silence; the size limit enforced while the
 * body streams. Never buffers the body. Credentials in the URL are sent as Basic auth to
 * that URL's host only and never appear in errors.
 */
export async function safeFetch(
  input: string | URL,
  options: SafeFetchOptions,
): Promise<SafeFetchResponse> {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  let url = parseUrl(input);
  for (let redirects = 0; ; redirects += 1) {
    const target = await resolveAllowedTarget(url, {
      allowPrivate: options.allowPrivate,
      resolver: options.resolver ?? systemResolver,
    });
    const { request, response } = await requestPinned(url, target, {
      method: options.method ?? 'GET',
      headersTimeoutMs: options.headersTimeoutMs ?? SAFE_FETCH_DEFAULTS.headersTimeoutMs,
      idleTimeoutMs: options.idleTimeoutMs ?? SAFE_FETCH_DEFAULTS.idleTimeoutMs,
      ...(options.body ? { body: options.body } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const location = response.headers.location;
    const follow = options.followRedirects !== false;
    if (!follow || !REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location) {
      return wrapResponse(url, request, response, redirects, options.maxBytes);
    }
    request.destroy();
    if (redirects >= maxRedirects) {
      throw new AppError('URL_TOO_MANY_REDIRECTS');
    }
    url = parseUrl(location, url);
  }
}

/** A URL without its user name and password, for answers and logs. */
export function withoutCredentials(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function parseUrl(input: string | URL, base?: URL): URL {
  try {
    return new URL(input, base);
  } catch {
    throw new AppError('URL_NOT_ALLOWED', 'This is not a valid URL');
  }
}

function wrapResponse(
  url: URL,
  request: ClientRequest,
  response: IncomingMessage,
  redirects: number,
  maxBytes: number | undefined,
): SafeFetchResponse {
  const contentLength = parseContentLength(response.headers['content-length']);
  if (maxBytes !== undefined && contentLength !== null && contentLength > maxBytes) {
    request.destroy();
    throw new AppError('FILE_TOO_LARGE', tooLargeMessage(maxBytes));
  }
  const limiter = new ByteLimitStream(maxBytes, () => {
    return new AppError('FILE_TOO_LARGE', tooLargeMessage(maxBytes ?? 0));
  });
  // A late request error (a cut connection) must end the body too, and never go unheard.
  request.on('error', (error) => response.destroy(error));
  pipeline(response, limiter, (error) => {
    if (error) {
      request.destroy();
    }
  });
  return {
    url,
    status: response.statusCode ?? 0,
    headers: response.headers,
    redirects,
    contentLength,
    body: limiter,
    discard: () => {
      limiter.destroy();
      request.destroy();
    },
  };
}

function parseContentLength(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value.trim())) {
    return null;
  }
  return Number(value);
}

function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than the maximum upload size (${maxBytes} bytes)`;
}
