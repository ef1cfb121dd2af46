import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { getStorage } from '@/modules/storage-configs/service';
import {
  InvalidPartError,
  InvalidRangeError,
  ObjectNotFoundError,
  PathEscapeError,
  UploadNotFoundError,
} from '@/storage/driver';
import { InvalidKeyError } from '@/storage/keys';
import { LocalDriver } from '@/storage/local';
import type { LocalUrlClaims, LocalUrlOp } from '@/storage/local-signing';
import { localSigner } from '@/storage/registry';
import { SizeMismatchError } from '@/storage/streams';

/**
 * The rules behind the local driver's "presigned" endpoints (DESIGN §6): which signed
 * URL opens which driver, and how driver errors read as the envelope's stable keys.
 */

// The max upload size is the system module's setting; this module only applies it.
export { maxUploadBytes } from '@/modules/system/service';

/** What a verified URL grants: its signed claims and the local driver they are for. */
export interface SignedAccess {
  claims: LocalUrlClaims;
  driver: LocalDriver;
}

/**
 * Checks the signature and expiry of a URL for `op` on `configId`; answers 403
 * SIGNED_URL_INVALID / SIGNED_URL_EXPIRED, or 404 when the config is gone.
 */
export async function verifySignedUrl(
  deps: AppDeps,
  op: LocalUrlOp,
  configId: string,
  query: URLSearchParams,
): Promise<SignedAccess> {
  const verdict = localSigner(deps).verify(op, configId, query);
  if (verdict === 'invalid') {
    throw new AppError('SIGNED_URL_INVALID');
  }
  if (verdict === 'expired') {
    throw new AppError('SIGNED_URL_EXPIRED');
  }
  const { driver } = await getStorage(deps, configId);
  // A URL signed for a config that is no longer local opens nothing.
  if (!(driver instanceof LocalDriver)) {
    throw new AppError('SIGNED_URL_INVALID');
  }
  return { claims: verdict, driver };
}

/** Runs a driver call, its typed errors turned into the envelope's stable keys. */
export async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SizeMismatchError) {
      throw new AppError(error.kind === 'too-large' ? 'FILE_TOO_LARGE' : 'UPLOAD_INCOMPLETE');
    }
    if (error instanceof UploadNotFoundError) {
      throw new AppError('UPLOAD_NOT_FOUND');
    }
    if (error instanceof InvalidKeyError || error instanceof InvalidPartError) {
      throw new AppError('VALIDATION_FAILED', error.message);
    }
    if (error instanceof ObjectNotFoundError) {
      throw new AppError('NOT_FOUND');
    }
    if (error instanceof PathEscapeError) {
      // A symbolic link below the root (storage/local-confine.ts) is never followed.
      throw new AppError('FORBIDDEN', error.message);
    }
    if (error instanceof InvalidRangeError) {
      throw new AppError('RANGE_NOT_SATISFIABLE');
    }
    throw error;
  }
}
