import { partBytes, planParts, type CompletedPart, type PlannedPart } from './part-plan';
import { runParts } from './part-queue';
import { stagePart } from './staged-part';
import type { ByteSource, UploadProgress } from './types';

export interface SendPartsOptions {
  file: Blob;
  /** Bytes sent instead of `file`'s: an encrypted file's ciphertext, sealed part by part. */
  source?: ByteSource;
  partSize: number;
  /** Parts the storage already holds (a resumed upload), by number: they are not sent again. */
  stored: ReadonlyMap<number, string>;
  signal: AbortSignal;
  onProgress: (progress: UploadProgress) => void;
  /** Sends one part's bytes and answers its ETag, reporting the bytes sent so far. */
  send: (
    part: PlannedPart,
    body: Blob,
    signal: AbortSignal,
    attempt: number,
    onLoaded: (loaded: number) => void,
  ) => Promise<string>;
  /** Overrides which failed attempts are worth another (see runParts). */
  isRetryable?: (error: unknown) => boolean;
}

/** The parts of a file still to send, in order. */
export function missingParts(
  total: number,
  partSize: number,
  stored: ReadonlyMap<number, string>,
): PlannedPart[] {
  return planParts(total, partSize).filter((part) => !stored.has(part.partNumber));
}

/**
 * The middle of every multipart upload (share or mount): the missing parts go out 3 at a
 * time, retried (runParts), while the progress counts the stored parts, the finished ones
 * and the bytes of those in flight. Answers every part, stored and new, in order.
 */
export async function sendParts(options: SendPartsOptions): Promise<CompletedPart[]> {
  const { file, source, partSize, stored, signal } = options;
  const total = source?.size ?? file.size;
  const plan = planParts(total, partSize);
  const missing = plan.filter((part) => !stored.has(part.partNumber));
  let doneBytes = plan
    .filter((part) => stored.has(part.partNumber))
    .reduce((sum, part) => sum + partBytes(part), 0);
  const inFlight = new Map<number, number>();
  const report = () => {
    const sending = [...inFlight.values()].reduce((sum, bytes) => sum + bytes, 0);
    options.onProgress({ stage: 'uploading', loaded: Math.min(total, doneBytes + sending), total });
  };
  const sendOne = (part: PlannedPart, partSignal: AbortSignal, attempt: number, body: Blob) =>
    options.send(part, body, partSignal, attempt, (loaded) => {
      inFlight.set(part.partNumber, loaded);
      report();
    });
  // A source's part is made first (sealed, for instance) and staged on disk while it is
  // sent (./staged-part.ts); a file's part is a slice of it.
  const sendMade = async (
    made: ByteSource,
    part: PlannedPart,
    partSignal: AbortSignal,
    attempt: number,
  ) => {
    const staged = await stagePart(await made.read(part.start, part.end));
    try {
      return await sendOne(part, partSignal, attempt, staged.body);
    } finally {
      await staged.discard();
    }
  };

  report();
  const uploaded = await runParts({
    parts: missing,
    signal,
    ...(options.isRetryable ? { isRetryable: options.isRetryable } : {}),
    upload: (part, partSignal, attempt) =>
      source
        ? sendMade(source, part, partSignal, attempt)
        : sendOne(part, partSignal, attempt, file.slice(part.start, part.end)),
    onPartDone: (part) => {
      inFlight.delete(part.partNumber);
      doneBytes += partBytes(part);
      report();
    },
    onPartRetry: (part) => {
      inFlight.delete(part.partNumber);
      report();
    },
  });
  const all = new Map(stored);
  uploaded.forEach((part) => all.set(part.partNumber, part.etag));
  return [...all]
    .map(([partNumber, etag]) => ({ partNumber, etag }))
    .sort((a, b) => a.partNumber - b.partNumber);
}
