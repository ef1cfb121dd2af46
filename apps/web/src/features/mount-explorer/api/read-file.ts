import { apiUrl } from '@/lib/backend';
import { authStore } from '@/lib/auth/auth-store';
import { unwrapAnswer } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';

export interface FileBytes {
  bytes: Uint8Array<ArrayBuffer>;
  /** The whole file's size: the bytes may be only its start. */
  total: number;
  type: string;
}

/** The total after `bytes 0-99/1234`, or null when the header is missing or says `*`. */
function totalOf(contentRange: string | null): number | null {
  const total = Number(contentRange?.split('/')[1]);
  return Number.isFinite(total) ? total : null;
}

/**
 * GET fs/preview or fs/download with the session's credentials (an <img> or a frame could
 * not send them), optionally only the first `maxBytes` through a Range request. Errors are
 * the API's, as for every other call.
 */
export async function readFile(
  call: 'preview' | 'download',
  path: string,
  options: { maxBytes?: number; signal?: AbortSignal } = {},
): Promise<FileBytes> {
  const headers: Record<string, string> = {};
  const authorization = authStore.authorization();
  if (authorization) {
    headers.authorization = authorization;
  }
  if (options.maxBytes !== undefined) {
    headers.range = `bytes=0-${options.maxBytes - 1}`;
  }
  const response = await fetch(apiUrl(fsCallPath(call, { path })), {
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text();
    return unwrapAnswer<never>({ status: response.status, text }, authorization !== null);
  }
  const whole = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range still works: the bytes are cut here.
  const bytes = options.maxBytes === undefined ? whole : whole.subarray(0, options.maxBytes);
  return {
    bytes,
    total: totalOf(response.headers.get('content-range')) ?? whole.byteLength,
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  };
}
