import {
  FolderMoveIncompleteError,
  InvalidRangeError,
  ObjectNotFoundError,
  PathEscapeError,
  TargetExistsError,
} from '@/storage/driver';
import { InvalidKeyError } from '@/storage/keys';
import { s3ErrorCode } from '@/storage/s3-client';
import { VfsError, type VfsErrorCode } from './types';

/** Why a local call was refused at a symbolic link, in the words the caller sees. */
const LINK_REFUSED = 'a symbolic link is on this path; links in local storage are never followed';

/**
 * What the local file system's error codes mean here. They come from races (an object
 * gone between a check and its use, two moves of one folder, a folder made where a file
 * was just written) and from the host (permissions), never from a bug of the caller's, so
 * each is a typed answer (404/409/403), never a 500. EEXIST is what a local write meets
 * when a file stands where a folder is needed (mkdir -p over a file).
 */
const ERRNO_CODES: Record<string, [VfsErrorCode, string | undefined]> = {
  ENOENT: ['NOT_FOUND', undefined],
  ENOTDIR: ['NOT_A_FOLDER', 'a file stands where a folder is needed'],
  EEXIST: ['NOT_A_FOLDER', 'a file stands where a folder is needed'],
  ENOTEMPTY: ['ALREADY_EXISTS', undefined],
  EISDIR: ['ALREADY_EXISTS', 'a folder has this name'],
  ELOOP: ['FORBIDDEN', LINK_REFUSED],
  EACCES: ['FORBIDDEN', 'the storage does not allow this (file permissions on the server)'],
  EPERM: ['FORBIDDEN', 'the storage does not allow this (file permissions on the server)'],
  EINVAL: ['CONFLICT', 'the storage refused this move'],
};

/**
 * The S3 service's codes that a race or a refusal of this object causes (a key deleted
 * by a parallel call, a conditional write that lost); anything else — an outage, wrong
 * credentials, a missing bucket — is the storage's failure and stays as it is.
 */
const S3_CODES: Record<string, [VfsErrorCode, string | undefined]> = {
  NoSuchKey: ['NOT_FOUND', undefined],
  NotFound: ['NOT_FOUND', undefined],
  PreconditionFailed: ['CONFLICT', 'the object changed meanwhile'],
  ConditionalRequestConflict: ['CONFLICT', 'the object changed meanwhile'],
  OperationAborted: ['CONFLICT', 'another operation on this object is under way'],
};

/** The file system's error for a storage failure at `path`, or null to rethrow it as it is. */
export function vfsErrorOf(path: string, error: unknown): VfsError | null {
  if (error instanceof InvalidKeyError) {
    return new VfsError('INVALID_PATH', path, error.message);
  }
  if (error instanceof ObjectNotFoundError) {
    return new VfsError('NOT_FOUND', path);
  }
  if (error instanceof PathEscapeError) {
    return new VfsError('FORBIDDEN', path, LINK_REFUSED);
  }
  if (error instanceof TargetExistsError) {
    return new VfsError('ALREADY_EXISTS', path);
  }
  if (error instanceof FolderMoveIncompleteError) {
    return new VfsError('CONFLICT', path, error.message);
  }
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  const known =
    (typeof errno === 'string' ? ERRNO_CODES[errno] : undefined) ?? S3_CODES[s3ErrorCode(error)];
  return known ? new VfsError(known[0], path, known[1]) : null;
}

/**
 * Runs a storage call for `path`, turning the storage's own refusals into the file
 * system's (vfsErrorOf): a key the storage refuses (a reserved name such as `.multipart`)
 * is INVALID_PATH, an object gone between a check and its use NOT_FOUND, a path through a
 * symbolic link in local storage FORBIDDEN, a move onto something that exists
 * ALREADY_EXISTS, a folder move that stopped half-way on S3 CONFLICT (saying what is
 * left). A bad range stays as it is: the front doors answer it with 416.
 */
export async function onStorage<T>(path: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof VfsError || error instanceof InvalidRangeError) {
      throw error;
    }
    throw vfsErrorOf(path, error) ?? error;
  }
}
