import { UploadError } from './errors';

export interface XhrRequest {
  method: 'PUT' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  signal?: AbortSignal;
  /** The whole request, sending included; 0 or absent = no limit. */
  timeoutMs?: number;
  /** How long to wait for the answer once the body is sent (SPEC §8 "server response too slow"). */
  responseTimeoutMs?: number;
  onUploadProgress?: (loaded: number, total: number) => void;
  /** The last byte left the browser; the server is now working on it. */
  onBodySent?: () => void;
}

export interface XhrResponse {
  status: number;
  text: string;
  header: (name: string) => string | null;
}

/**
 * One request through XMLHttpRequest, because fetch cannot report upload progress.
 * Resolves with any HTTP status (the caller decides what counts as success); rejects with
 * an UploadError: cancelled, network, timeout or slowResponse.
 */
export function sendXhr(request: XhrRequest): Promise<XhrResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let responseTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (outcome: () => void) => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(responseTimer);
      request.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (code: 'cancelled' | 'network' | 'timeout' | 'slowResponse') =>
      finish(() => reject(new UploadError(code)));
    const onAbort = () => {
      xhr.abort();
      fail('cancelled');
    };

    if (request.signal?.aborted) {
      fail('cancelled');
      return;
    }
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    xhr.timeout = request.timeoutMs ?? 0;
    xhr.upload.onprogress = (event) => {
      request.onUploadProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    };
    xhr.upload.onload = () => {
      request.onBodySent?.();
      if (request.responseTimeoutMs) {
        responseTimer = setTimeout(() => {
          xhr.abort();
          fail('slowResponse');
        }, request.responseTimeoutMs);
      }
    };
    xhr.onload = () =>
      finish(() =>
        resolve({
          status: xhr.status,
          text: xhr.responseText,
          header: (name) => xhr.getResponseHeader(name),
        }),
      );
    xhr.onerror = () => fail('network');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => fail('cancelled');
    request.signal?.addEventListener('abort', onAbort);
    xhr.send(request.body);
  });
}
