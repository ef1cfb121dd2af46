import { LIMITS } from '@pastebox/contract/limits';
import type { CompletedPart } from '@/storage/driver';
import { stripQuotes } from '@/storage/streams';
import { AppError } from '@/lib/errors';

/** S3 allows at most 10,000 parts; larger files get larger parts (whole MiB). */
const MAX_PARTS = 10_000;
const MIB = 1024 * 1024;

/** DESIGN §6: 5 MiB parts, grown only when a file would need more than 10,000 of them. */
export function partSizeFor(totalSize: number): number {
  const needed = Math.ceil(totalSize / MAX_PARTS);
  return Math.max(LIMITS.multipartChunkBytes, Math.ceil(needed / MIB) * MIB);
}

export function partCountFor(totalSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(totalSize / partSize));
}

interface ExpectedUpload {
  partSize: number;
  totalSize: number;
}

/**
 * The parts to complete with, checked against what the storage holds (listParts): every
 * part 1..N present with the ETag the client read, and together exactly the announced
 * size. A mismatch answers UPLOAD_INCOMPLETE and keeps the session, so the client can
 * upload what is missing and try again.
 */
export function checkParts(
  claimed: { partNumber: number; etag: string }[],
  stored: CompletedPart[],
  expected: ExpectedUpload,
): CompletedPart[] {
  const count = partCountFor(expected.totalSize, expected.partSize);
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const sorted = [...claimed].sort((a, b) => a.partNumber - b.partNumber);
  if (sorted.length !== count || sorted.some((part, index) => part.partNumber !== index + 1)) {
    throw new AppError('UPLOAD_INCOMPLETE', `Expected parts 1 to ${count}`);
  }
  let total = 0;
  const parts = sorted.map((part) => {
    const held = byNumber.get(part.partNumber);
    if (!held || stripQuotes(held.etag) !== stripQuotes(part.etag)) {
      throw new AppError('UPLOAD_INCOMPLETE', `Part ${part.partNumber} is missing or differs`);
    }
    total += held.size ?? 0;
    return { partNumber: part.partNumber, etag: stripQuotes(held.etag) ?? held.etag };
  });
  const sizesKnown = sorted.every((part) => byNumber.get(part.partNumber)?.size !== undefined);
  if (sizesKnown && total !== expected.totalSize) {
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      `The parts hold ${total} bytes, ${expected.totalSize} were announced`,
    );
  }
  return parts;
}

/** Stored parts as the API shows them (SPEC §3: etag without quotes). */
export function presentParts(stored: CompletedPart[]) {
  return [...stored]
    .sort((a, b) => a.partNumber - b.partNumber)
    .map((part) => ({
      partNumber: part.partNumber,
      etag: stripQuotes(part.etag) ?? part.etag,
      ...(part.size !== undefined ? { size: part.size } : {}),
    }));
}
