import { answerError, AppError, parseEnvelope } from '@/lib/api-client';
import { apiUrl } from '@/lib/backend';
import { authStore } from '@/lib/auth/auth-store';
import { UploadError } from './errors';

export interface RemoteDownloadOptions {
  url: string;
  signal: AbortSignal;
  /** Stop once more than this many bytes arrived (the max upload size). */
  maxBytes: number;
  /** The size url/info reported, for progress when the answer has no Content-Length. */
  expectedSize: number | null;
  onProgress: (loaded: number, total: number | null) => void;
  /** Told when the direct download failed and the server's proxy is used instead. */
  onFallback?: () => void;
  /** Injectable for tests. */
  fetchImpl?: typeof fetch;
}

export interface RemoteDownload {
  blob: Blob;
  /** How the bytes came: straight from the remote server, or through ours. */
  via: 'direct' | 'proxy';
}

async function readBody(response: Response, options: RemoteDownloadOptions): Promise<Blob> {
  const declared = Number(response.headers.get('content-length'));
  const total = declared > 0 ? declared : options.expectedSize;
  if (total !== null && total > options.maxBytes) {
    throw new UploadError('tooLarge', { size: total, max: options.maxBytes });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) {
    const blob = await response.blob();
    options.onProgress(blob.size, total);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  options.onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    loaded += value.byteLength;
    if (loaded > options.maxBytes) {
      await reader.cancel();
      throw new UploadError('tooLarge', { size: loaded, max: options.maxBytes });
    }
    chunks.push(value);
    options.onProgress(loaded, total);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** The proxy explains a refusal (URL_NOT_ALLOWED, FILE_TOO_LARGE…) in the API envelope. */
async function proxyFailure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  const envelope = parseEnvelope(text);
  if (envelope?.error) {
    return answerError({ status: response.status, text }, envelope);
  }
  return new UploadError('downloadHttp', { status: response.status });
}

/**
 * Downloads a remote file in the browser (SPEC §4 URL upload): directly first, and through
 * the server's GET /api/url/proxy when the direct request fails with a network or
 * cross-origin error (fetch reports both as TypeError). Progress counts bytes received.
 */
export async function downloadRemoteFile(options: RemoteDownloadOptions): Promise<RemoteDownload> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const cancelled = () => new UploadError('cancelled');
  let direct: Response | null = null;
  try {
    direct = await fetchImpl(options.url, { signal: options.signal, credentials: 'omit' });
  } catch (error) {
    if (options.signal.aborted) {
      throw cancelled();
    }
    if (!(error instanceof TypeError)) {
      throw new UploadError('downloadFailed', {}, error);
    }
  }
  try {
    if (direct) {
      if (!direct.ok) {
        throw new UploadError('downloadHttp', { status: direct.status });
      }
      return { blob: await readBody(direct, options), via: 'direct' };
    }
    options.onFallback?.();
    const authorization = authStore.authorization();
    const proxied = await fetchImpl(apiUrl(`/url/proxy?url=${encodeURIComponent(options.url)}`), {
      signal: options.signal,
      headers: authorization ? { authorization } : {},
    });
    if (!proxied.ok) {
      throw await proxyFailure(proxied);
    }
    return { blob: await readBody(proxied, options), via: 'proxy' };
  } catch (error) {
    if (options.signal.aborted) {
      throw cancelled();
    }
    if (error instanceof UploadError || error instanceof AppError) {
      throw error;
    }
    throw new UploadError('network', {}, error);
  }
}

/**
 * One percentage for the two phases of a URL upload (SPEC §4, §9): the download fills
 * 0–49 and the upload 50–99; 100 means the share exists.
 */
export function urlUploadPercent(phase: 'download' | 'upload' | 'done', fraction: number): number {
  if (phase === 'done') {
    return 100;
  }
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return phase === 'download' ? Math.floor(clamped * 49) : 50 + Math.floor(clamped * 49);
}
