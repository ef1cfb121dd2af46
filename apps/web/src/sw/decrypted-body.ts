import { openingStream } from '@pastebox/contract/e2e/stream';
import { zipLength } from '@pastebox/contract/zip/length';
import { zipReadableStream } from '@pastebox/contract/zip/web-stream';
import type { FileDownloadRequest, ZipDownloadRequest } from './e2e-download-protocol';

/**
 * The plaintext of an encrypted download as a stream, the same in the service worker and
 * in the page's fallback (src/lib/e2e/decrypting-download.ts): the ciphertext fetched,
 * counted and decrypted as it arrives, one segment at a time. A bundle's ZIP fetches and
 * decrypts its members one after the other into one stored archive (packages/contract/
 * src/zip), so memory stays flat whatever the bundle's size.
 */

/** The server did not deliver the ciphertext (an HTTP error, or no network). */
export class UpstreamError extends Error {
  constructor(url: string) {
    super(`The encrypted file could not be fetched: ${new URL(url).pathname}`);
    this.name = 'UpstreamError';
  }
}

/** Counts ciphertext bytes as they go by. */
type Count = (bytes: number) => void;

/** One ciphertext, fetched and decrypted; rejects with UpstreamError before any byte. */
export async function decryptedFile(
  request: Pick<FileDownloadRequest, 'url' | 'key' | 'password'>,
  signal: AbortSignal,
  count: Count,
): Promise<ReadableStream<Uint8Array>> {
  const upstream = await fetch(request.url, { signal }).catch((error: unknown) => {
    throw signal.aborted ? error : new UpstreamError(request.url);
  });
  if (!upstream.ok || !upstream.body) {
    throw new UpstreamError(request.url);
  }
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      count(chunk.length);
      controller.enqueue(chunk);
    },
  });
  const password = request.password ? { password: request.password } : {};
  return upstream.body.pipeThrough(counted).pipeThrough(openingStream(request.key, password));
}

/** The archive's exact length (Content-Length), from the members' plaintext sizes. */
export function zipDownloadLength(request: Pick<ZipDownloadRequest, 'members'>): number {
  return zipLength(request.members);
}

/**
 * The bundle's ZIP: each member opened when its turn comes, dated now (the archive is
 * made now; a member's own time is not in its sealed metadata). A member that cannot be
 * fetched or decrypted, or decrypts to another size than announced, errors the stream.
 */
export function decryptedZip(
  request: Pick<ZipDownloadRequest, 'members' | 'key' | 'password'>,
  count: Count,
): ReadableStream<Uint8Array> {
  const now = new Date();
  return zipReadableStream(
    request.members.map((member) => ({
      name: member.name,
      size: member.size,
      modifiedAt: now,
      open: (signal: AbortSignal) =>
        decryptedFile(
          { url: member.url, key: request.key, password: request.password },
          signal,
          count,
        ),
    })),
  );
}
