import { webBytes } from '@pastebox/contract/e2e/keys';
import { decryptedFile, decryptedZip, UpstreamError } from '@/sw/decrypted-body';
import {
  E2E_DOWNLOAD_MESSAGE,
  E2E_DOWNLOAD_PREFIX,
  type DownloadReport,
  type DownloadRequest,
} from '@/sw/e2e-download-protocol';

/**
 * Downloading an end-to-end encrypted file, or an encrypted bundle as one ZIP (issue 35),
 * for the file page and the bundle page alike. Where a service worker controls the page,
 * it fetches the ciphertext with the visit's link, decrypts it as it arrives
 * (`openingStream`, one segment at a time) and answers a hidden frame with the plaintext,
 * which the browser writes to disk as a stream (src/sw/e2e-download.ts): memory stays flat
 * whatever the size. Without one (a first visit's page before the worker took control, a
 * browser that blocks workers) the page decrypts into memory and saves that.
 */

/** What the page asks for: a request to the worker, less the envelope the page adds. */
type Wanted<T> = T extends DownloadRequest ? Omit<T, 'type' | 'id'> : never;

/** What to save, without the key: a file's link, name and size, or a bundle's members. */
export type DownloadTarget<T = DownloadRequest> = T extends DownloadRequest
  ? Omit<T, 'type' | 'id' | 'key' | 'password'>
  : never;

export type DecryptingDownload = Wanted<DownloadRequest> & {
  /** Ciphertext bytes fetched so far. */
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
};

/** Why a download stopped, for the page to say plainly. */
export class DownloadFailure extends Error {
  constructor(readonly reason: 'http' | 'damaged' | 'cancelled') {
    super(`The encrypted download failed: ${reason}`);
    this.name = 'DownloadFailure';
  }
}

/** How long the service worker may take to take the download (it may be starting up). */
const HANDOVER_TIMEOUT_MS = 10_000;
/** A message now and then keeps the worker alive while it answers a long download. */
const KEEPALIVE_MS = 10_000;

/**
 * Hands the download to the worker and points a hidden frame at it: the browser saves it.
 * Resolves false when the worker never takes it — one of a version from before this
 * feature, still in control until the page reloads into the new one.
 */
function saveThroughWorker(worker: ServiceWorker, options: DecryptingDownload): Promise<boolean> {
  const { onProgress, signal, ...wanted } = options;
  const filename = wanted.filename;
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const frame = document.createElement('iframe');
  let keepAlive: number | undefined;
  return new Promise<boolean>((resolve, reject) => {
    const handover = window.setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, HANDOVER_TIMEOUT_MS);
    const stop = (failure?: DownloadFailure) => {
      window.clearTimeout(handover);
      window.clearInterval(keepAlive);
      channel.port1.close();
      // The frame's response may still be flushing to disk: leave it a moment.
      window.setTimeout(() => frame.remove(), 60_000);
      if (failure) {
        reject(failure);
      } else {
        resolve(true);
      }
    };
    signal.addEventListener('abort', () => {
      frame.remove(); // ends the frame's navigation, and so the worker's response
      stop(new DownloadFailure('cancelled'));
    });
    channel.port1.onmessage = (event: MessageEvent<DownloadReport>) => {
      const report = event.data;
      if (report.type === 'ready') {
        window.clearTimeout(handover);
        frame.hidden = true;
        frame.title = filename;
        frame.src = `${E2E_DOWNLOAD_PREFIX}${id}`;
        document.body.appendChild(frame);
        keepAlive = window.setInterval(() => worker.postMessage({ type: 'ping' }), KEEPALIVE_MS);
      } else if (report.type === 'progress') {
        onProgress(report.loaded);
      } else if (report.type === 'done') {
        onProgress(report.loaded);
        stop();
      } else {
        stop(new DownloadFailure(report.reason));
      }
    };
    const request = { type: E2E_DOWNLOAD_MESSAGE, id, ...wanted } as DownloadRequest;
    worker.postMessage(request, [channel.port2]);
  });
}

/** Why the plaintext stream stopped, in the page's words. */
function failureOf(error: unknown, signal: AbortSignal): DownloadFailure {
  if (error instanceof DownloadFailure) {
    return error;
  }
  return new DownloadFailure(
    signal.aborted ? 'cancelled' : error instanceof UpstreamError ? 'http' : 'damaged',
  );
}

/** The whole plaintext (a file, or the bundle's ZIP) decrypted in the page, saved through an object URL. */
async function saveInMemory(options: DecryptingDownload): Promise<void> {
  const { signal } = options;
  let loaded = 0;
  const count = (bytes: number) => {
    loaded += bytes;
    options.onProgress(loaded);
  };
  const parts: Uint8Array<ArrayBuffer>[] = [];
  try {
    const body =
      options.kind === 'zip'
        ? decryptedZip(options, count)
        : await decryptedFile(options, signal, count);
    const reader = body.getReader();
    signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const next = await reader.read();
      if (signal.aborted) {
        throw new DownloadFailure('cancelled');
      }
      if (next.done) {
        break;
      }
      parts.push(webBytes(next.value));
    }
  } catch (error) {
    throw failureOf(error, signal);
  }
  const blob = new Blob(parts, {
    type: options.kind === 'zip' ? 'application/zip' : 'application/octet-stream',
  });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = options.filename;
  anchor.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches, decrypts and saves the file (or the bundle's ZIP); rejects with a DownloadFailure. */
export async function downloadDecrypted(options: DecryptingDownload): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (worker && (await saveThroughWorker(worker, options))) {
    return;
  }
  await saveInMemory(options);
}
