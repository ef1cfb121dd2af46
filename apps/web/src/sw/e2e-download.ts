import { decryptedFile, decryptedZip, UpstreamError, zipDownloadLength } from './decrypted-body';
import {
  E2E_DOWNLOAD_MESSAGE,
  E2E_DOWNLOAD_PREFIX,
  type DownloadReport,
  type DownloadRequest,
} from './e2e-download-protocol';

/**
 * Saving an end-to-end encrypted file (issue 35, docs/encryption.md) as a stream, in the
 * service worker. The page hands over the ciphertext's link, the key and the original
 * name; a hidden frame's navigation to /e2e-download/{id} is answered here by fetching the
 * ciphertext and decrypting it into the response, which the browser writes to disk as it
 * comes: a 2 GB file never sits whole in memory, and the bytes pass through one worker
 * thread only. An encrypted bundle's "Download all" is answered the same way with a ZIP
 * of its members, each fetched and decrypted in turn (./decrypted-body.ts). Progress, the
 * end and a damaged segment are reported on the page's port.
 * Built on its own (vite/e2e-download-sw.ts) and imported by the generated worker ahead
 * of Workbox's listeners.
 */

/** The worker's own events, typed here: the app's TypeScript program has the DOM's types. */
interface FetchEventLike extends Event {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}

interface WorkerScope {
  readonly location: Location;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;

/** How often progress is reported: often enough for a bar, rarely enough to cost nothing. */
const REPORT_EVERY_MS = 200;
/** A download handed over and never asked for is forgotten after a minute. */
const UNCLAIMED_MS = 60_000;

type Waiting = DownloadRequest & { port: MessagePort };

const waiting = new Map<string, Waiting>();

function isDownloadRequest(data: unknown): data is DownloadRequest {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === E2E_DOWNLOAD_MESSAGE &&
    'id' in data &&
    typeof data.id === 'string'
  );
}

scope.addEventListener('message', (event) => {
  const port = event.ports[0];
  if (!isDownloadRequest(event.data) || !port) {
    return; // a keep-alive ping, or another feature's message
  }
  const request = event.data;
  waiting.set(request.id, { ...request, port });
  setTimeout(() => waiting.delete(request.id), UNCLAIMED_MS);
  port.postMessage({ type: 'ready' } satisfies DownloadReport);
});

scope.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== scope.location.origin || !url.pathname.startsWith(E2E_DOWNLOAD_PREFIX)) {
    return;
  }
  const id = url.pathname.slice(E2E_DOWNLOAD_PREFIX.length);
  const download = waiting.get(id);
  waiting.delete(id);
  event.respondWith(
    download
      ? decryptedResponse(download)
      : new Response('This download has ended.', { status: 410 }),
  );
});

/** The plaintext to answer with, and its length when known; null when nothing came. */
async function plaintextSource(
  download: Waiting,
  signal: AbortSignal,
  count: (bytes: number) => void,
): Promise<{ body: ReadableStream<Uint8Array>; size: number | null } | null> {
  if (download.kind === 'zip') {
    return { body: decryptedZip(download, count), size: zipDownloadLength(download) };
  }
  try {
    return { body: await decryptedFile(download, signal, count), size: download.size };
  } catch {
    return null;
  }
}

/**
 * The ciphertext fetched, counted and decrypted — one file, or a bundle's members one after
 * the other as a ZIP — as an attachment named as the original (or the bundle).
 */
async function decryptedResponse(download: Waiting): Promise<Response> {
  const report = (message: DownloadReport) => download.port.postMessage(message);
  const upstream = new AbortController();
  let loaded = 0;
  let reportedAt = 0;
  const count = (bytes: number) => {
    loaded += bytes;
    if (Date.now() - reportedAt >= REPORT_EVERY_MS) {
      reportedAt = Date.now();
      report({ type: 'progress', loaded });
    }
  };
  const source = await plaintextSource(download, upstream.signal, count);
  if (!source) {
    report({ type: 'failed', reason: 'http' });
    return new Response('The encrypted file could not be fetched.', { status: 502 });
  }
  const reader = source.body.getReader();
  const plaintext = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          report({ type: 'done', loaded });
        } else {
          controller.enqueue(next.value);
        }
      } catch (error) {
        // A damaged or cut segment, or a member the server did not deliver: the download
        // fails, never saved as if it were whole.
        controller.error(new Error('The encrypted download failed'));
        report({ type: 'failed', reason: error instanceof UpstreamError ? 'http' : 'damaged' });
      }
    },
    cancel() {
      upstream.abort();
      void reader.cancel();
      report({ type: 'failed', reason: 'cancelled' });
    },
  });
  const headers = new Headers({
    'Content-Type': download.kind === 'zip' ? 'application/zip' : 'application/octet-stream',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download.filename)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  if (source.size !== null) {
    headers.set('Content-Length', String(source.size));
  }
  return new Response(plaintext, { headers });
}
