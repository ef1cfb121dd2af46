/** One part of a multipart upload: bytes [start, end) of the file. */
export interface PlannedPart {
  partNumber: number;
  start: number;
  end: number;
}

/** A part the storage holds, as the complete call wants it. */
export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/**
 * Cuts `totalSize` bytes into parts of `partSize` (the last one may be smaller), numbered
 * from 1 as S3 numbers them. An empty file has no parts.
 */
export function planParts(totalSize: number, partSize: number): PlannedPart[] {
  if (!Number.isInteger(partSize) || partSize <= 0) {
    throw new RangeError(`part size must be a positive integer, got ${partSize}`);
  }
  const parts: PlannedPart[] = [];
  for (let start = 0, partNumber = 1; start < totalSize; start += partSize, partNumber += 1) {
    parts.push({ partNumber, start, end: Math.min(start + partSize, totalSize) });
  }
  return parts;
}

/** Bytes in a part. */
export function partBytes(part: PlannedPart): number {
  return part.end - part.start;
}
