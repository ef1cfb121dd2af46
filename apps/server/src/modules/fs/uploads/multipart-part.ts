import { pipeline, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { AppError } from '@/lib/errors';
import { partCountFor } from '@/modules/uploads/service';
import { UploadNotFoundError } from '@/storage/driver';
import { MeteredStream, SizeMismatchError } from '@/storage/streams';
import type { FsUploadCaller } from './caller';
import { expectedPartSize, keepAlive, openFsSession, type SessionRef } from './multipart-session';

/** The part as the storage's error named it, or the size rule it broke. */
function partFailure(metered: MeteredStream, error: unknown): unknown {
  if (metered.errored instanceof SizeMismatchError) {
    const { expected, kind } = metered.errored;
    return kind === 'too-large'
      ? new AppError('BODY_TOO_LARGE', `This part must have ${expected} bytes`)
      : new AppError('VALIDATION_FAILED', `This part must have ${expected} bytes`);
  }
  if (error instanceof UploadNotFoundError) {
    return new AppError('UPLOAD_NOT_FOUND');
  }
  return error;
}

export interface PartRequest extends SessionRef {
  partNumber: number;
  isLastPart?: boolean | undefined;
  /** The request's Content-Length, when it sent one. */
  declaredSize: number | undefined;
}

/**
 * POST fs/multipart/part: one part's bytes streamed to the storage. Each part has exactly
 * the size the session gives it (5 MiB, the last one the rest), checked from the declared
 * length before a byte is read and while the bytes arrive, so no part can be larger.
 */
export async function uploadFsPart(
  caller: FsUploadCaller,
  request: PartRequest,
  openBody: () => Readable,
): Promise<{ partNumber: number; etag: string; size: number }> {
  const open = await openFsSession(caller, request);
  const { session, driver } = open;
  const size = expectedPartSize(session, request.partNumber);
  const count = partCountFor(session.file_size, session.part_size);
  if (request.isLastPart === true && request.partNumber !== count) {
    throw new AppError('VALIDATION_FAILED', `Part ${request.partNumber} is not the last part`);
  }
  if (request.declaredSize !== undefined && request.declaredSize !== size) {
    throw new AppError(
      request.declaredSize > size ? 'BODY_TOO_LARGE' : 'VALIDATION_FAILED',
      `Part ${request.partNumber} must have ${size} bytes`,
    );
  }
  await keepAlive(caller, session);
  const metered = new MeteredStream({ exact: size });
  // The body is opened only now: a refused part is never read, so Node drops it.
  pipeline(openBody(), metered, () => undefined);
  try {
    const { etag } = await driver.uploadPart(
      session.storage_key,
      session.upload_id,
      request.partNumber,
      metered,
      size,
    );
    // S3 takes exactly Content-Length bytes and may answer before the body has ended: the
    // rest is read here, so a body longer than its part is refused once the extra arrives.
    metered.resume();
    await finished(metered);
    return { partNumber: request.partNumber, etag, size };
  } catch (error) {
    throw partFailure(metered, error);
  }
}
