import type { Readable } from 'node:stream';
import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { safeFetch, withoutCredentials, type SafeFetchResponse } from '@/lib/safe-fetch';
import { maxUploadBytes } from '@/modules/system/service';
import { remoteMetadata, type RemoteMetadata } from './remote-metadata';

/**
 * The server's side of URL upload (SPEC §4): learning about a remote file and relaying
 * its bytes to a browser that cannot fetch it itself (cross-origin rules). Every fetch
 * goes through safeFetch, so only public http(s) hosts are reached (DESIGN §5).
 */

/** A remote download, open and streaming; `body` stops at the max upload size. */
export interface RemoteDownload extends RemoteMetadata {
  body: Readable;
  finalUrl: string;
}

function fetchOptions(deps: AppDeps, maxBytes: number, method: 'GET' | 'HEAD') {
  return { allowPrivate: deps.config.ALLOW_PRIVATE_URLS, maxBytes, method };
}

/** Non-2xx answers are the remote server's refusal: a 502 naming its status. */
function assertSuccess(response: SafeFetchResponse): void {
  if (response.status < 200 || response.status > 299) {
    response.discard();
    throw new AppError(
      'URL_FETCH_FAILED',
      `The remote server answered HTTP ${response.status} for this URL`,
    );
  }
}

/**
 * POST /api/url/info: name, type and size without downloading the body. HEAD first;
 * when it is refused (many servers do) or says no size, a GET whose body is dropped
 * after the headers. A known size over the limit is refused here already.
 */
export async function describeRemoteFile(deps: AppDeps, rawUrl: string): Promise<UrlInfo> {
  const maxBytes = await maxUploadBytes(deps);
  let response = await safeFetch(rawUrl, fetchOptions(deps, maxBytes, 'HEAD'));
  const headAnswered = response.status >= 200 && response.status <= 299;
  response.discard();
  if (!headAnswered || response.contentLength === null) {
    const head = headAnswered ? response : null;
    response = await safeFetch(rawUrl, fetchOptions(deps, maxBytes, 'GET'));
    assertSuccess(response);
    response.discard();
    if (head && response.contentLength === null) {
      // The GET said no more than the HEAD (chunked): keep the HEAD's headers.
      response = head;
    }
  }
  const metadata = remoteMetadata(response.headers, response.url, response.contentLength);
  return {
    url: withoutCredentials(new URL(rawUrl)),
    final_url: withoutCredentials(response.url),
    filename: metadata.filename,
    mimetype: metadata.mimetype,
    contentType: metadata.mimetype,
    size: metadata.size,
    supports_range: metadata.supportsRange,
    etag: metadata.etag,
    last_modified: metadata.lastModified,
    max_upload_size_bytes: maxBytes,
  };
}

/**
 * GET /api/url/proxy: opens the remote body for streaming through the server. The body
 * errors (and the relay is cut) as soon as it passes the max upload size.
 */
export async function openRemoteDownload(deps: AppDeps, rawUrl: string): Promise<RemoteDownload> {
  const maxBytes = await maxUploadBytes(deps);
  const response = await safeFetch(rawUrl, fetchOptions(deps, maxBytes, 'GET'));
  assertSuccess(response);
  return {
    ...remoteMetadata(response.headers, response.url, response.contentLength),
    body: response.body,
    finalUrl: withoutCredentials(response.url),
  };
}
