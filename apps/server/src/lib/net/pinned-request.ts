import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError, isAppError } from '../errors';
import { bareHostname, type ResolvedAddress } from './resolve-target';

/** A lookup that answers the already-checked address whatever the name (pinning). */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

export interface PinnedRequestOptions {
  method: 'GET' | 'HEAD' | 'POST';
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  /** Sent as the request body (a webhook's JSON); none when absent. */
  body?: Buffer;
  /** Headers added to (and overriding) the URL upload's defaults. */
  headers?: Readonly<Record<string, string>>;
  /** Aborting it destroys the request with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Sends one request for `url` over a fresh connection to `target` (never a pooled one),
 * and resolves once the response headers arrive. Timeouts and socket errors reject with
 * URL_FETCH_TIMEOUT / URL_FETCH_FAILED; a timeout after the headers destroys the response
 * with URL_FETCH_TIMEOUT.
 */
export function requestPinned(
  url: URL,
  target: ResolvedAddress,
  { method, headersTimeoutMs, idleTimeoutMs, body, headers, signal }: PinnedRequestOptions,
): Promise<{ request: http.ClientRequest; response: IncomingMessage }> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const request = transport.request({
      protocol: url.protocol,
      hostname: bareHostname(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: {
        'user-agent': 'Pastebox-URL-Upload/1',
        accept: '*/*',
        // The size limit counts the bytes as stored: no compressed transfer.
        'accept-encoding': 'identity',
        ...(body ? { 'content-length': String(body.length) } : {}),
        ...headers,
      },
      auth: url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
      lookup: pinnedLookup(target),
      agent: false,
    });
    let response: IncomingMessage | undefined;
    // The response is destroyed first so its readers see the timeout, not a bare "aborted".
    const timeOut = () => {
      const error = new AppError('URL_FETCH_TIMEOUT');
      response?.destroy(error);
      request.destroy(error);
    };
    const headersTimer = setTimeout(timeOut, headersTimeoutMs);
    request.setTimeout(idleTimeoutMs, timeOut);
    request.once('response', (answer) => {
      clearTimeout(headersTimer);
      response = answer;
      resolve({ request, response: answer });
    });
    const onAbort = () => {
      const reason = signal?.reason as Error;
      response?.destroy(reason);
      request.destroy(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('close', () => signal?.removeEventListener('abort', onAbort));
    request.once('error', (error) => {
      clearTimeout(headersTimer);
      reject(signal?.aborted ? (signal.reason as Error) : asFetchError(error));
    });
    request.end(body);
  });
}

/** Socket errors become URL_FETCH_FAILED with their code only (never the URL). */
function asFetchError(error: Error): AppError {
  if (isAppError(error)) {
    return error;
  }
  const code = (error as NodeJS.ErrnoException).code;
  return new AppError(
    'URL_FETCH_FAILED',
    `The remote server could not be reached${code ? ` (${code})` : ''}`,
  );
}
