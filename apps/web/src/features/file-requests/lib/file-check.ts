import { matchesAllowedTypes } from '@pastebox/contract/rules/allowed-types';
import type { PublicFileRequest } from '@pastebox/contract/schemas/file-request';

// The type rule is the contract's (rules/allowed-types.ts): the server applies the same one.

/** Why a file will not be accepted, checked before a byte is sent. */
export type FileRefusal =
  | { reason: 'type' }
  | { reason: 'tooLarge'; max: number }
  | { reason: 'tooMany'; left: number }
  | { reason: 'totalTooLarge'; left: number };

/** What the request still takes, as the page counts it down while files are chosen. */
export interface Allowance {
  filesLeft: number | null;
  bytesLeft: number | null;
}

/** The allowance a request answer states (null = unlimited). */
export function allowanceOf(request: PublicFileRequest): Allowance {
  return { filesLeft: request.files_left, bytesLeft: request.bytes_left };
}

/**
 * Sorts chosen files into those the request will take and those it will refuse, each with
 * its reason: the type, the size per file, then what is left of the file count and the
 * total (files already waiting in the queue are counted in `taken`).
 */
export function checkFiles(
  request: PublicFileRequest,
  files: readonly File[],
  taken: { files: number; bytes: number } = { files: 0, bytes: 0 },
): { accepted: File[]; refused: { file: File; refusal: FileRefusal }[] } {
  const allowance = allowanceOf(request);
  let count = taken.files;
  let bytes = taken.bytes;
  const accepted: File[] = [];
  const refused: { file: File; refusal: FileRefusal }[] = [];
  for (const file of files) {
    const refusal = refusalOf(request, allowance, file, count, bytes);
    if (refusal) {
      refused.push({ file, refusal });
      continue;
    }
    accepted.push(file);
    count += 1;
    bytes += file.size;
  }
  return { accepted, refused };
}

function refusalOf(
  request: PublicFileRequest,
  allowance: Allowance,
  file: File,
  files: number,
  bytes: number,
): FileRefusal | null {
  if (!matchesAllowedTypes(request.allowed_types, file.name, file.type)) {
    return { reason: 'type' };
  }
  if (request.max_file_bytes > 0 && file.size > request.max_file_bytes) {
    return { reason: 'tooLarge', max: request.max_file_bytes };
  }
  if (allowance.filesLeft !== null && files >= allowance.filesLeft) {
    return { reason: 'tooMany', left: Math.max(0, allowance.filesLeft - files) };
  }
  if (allowance.bytesLeft !== null && bytes + file.size > allowance.bytesLeft) {
    return { reason: 'totalTooLarge', left: Math.max(0, allowance.bytesLeft - bytes) };
  }
  return null;
}
