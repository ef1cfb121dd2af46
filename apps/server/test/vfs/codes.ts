import { VfsError } from '@/vfs/types';

/** The code of the VfsError `promise` rejects with (a test fails if it resolves). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VfsError) {
      return error.code;
    }
    throw error;
  }
  throw new Error('expected a VfsError, but the call succeeded');
}
