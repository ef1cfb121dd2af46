import { NoSuchKey } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import {
  FolderMoveIncompleteError,
  ObjectNotFoundError,
  PathEscapeError,
  TargetExistsError,
} from '@/storage/driver';
import { InvalidKeyError } from '@/storage/keys';
import { onStorage } from '@/vfs/storage-errors';
import { VfsError } from '@/vfs/types';

/** The file system's code for what a storage call threw (issue 29: never a 500 for a race). */
async function codeFor(error: Error): Promise<string> {
  try {
    await onStorage('/m/x', () => Promise.reject(error));
  } catch (thrown) {
    return thrown instanceof VfsError ? thrown.code : 'UNTYPED';
  }
  return 'NONE';
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code });
}

describe('storage errors become typed file-system errors', () => {
  it.each([
    [errno('ENOENT'), 'NOT_FOUND'],
    [errno('ENOTDIR'), 'NOT_A_FOLDER'],
    [errno('EEXIST'), 'NOT_A_FOLDER'],
    [errno('ENOTEMPTY'), 'ALREADY_EXISTS'],
    [errno('EISDIR'), 'ALREADY_EXISTS'],
    [errno('EACCES'), 'FORBIDDEN'],
    [errno('EPERM'), 'FORBIDDEN'],
    [errno('ELOOP'), 'FORBIDDEN'],
    [new NoSuchKey({ message: 'gone', $metadata: {} }), 'NOT_FOUND'],
    [new ObjectNotFoundError('x'), 'NOT_FOUND'],
    [new PathEscapeError('x'), 'FORBIDDEN'],
    [new TargetExistsError('x'), 'ALREADY_EXISTS'],
    [new FolderMoveIncompleteError('a', 'b', 3, null), 'CONFLICT'],
    [new InvalidKeyError('x', 'bad'), 'INVALID_PATH'],
  ])('%s → %s', async (error, code) => {
    expect(await codeFor(error)).toBe(code);
  });

  it('leaves an outage of the storage as it is', async () => {
    expect(await codeFor(errno('EIO'))).toBe('UNTYPED');
  });
});
