/**
 * Upload failures that happen in the browser rather than in an API answer (SPEC §8
 * "Upload messages" and "Part errors"). The web app translates `code` under
 * `uploader.errors.*` with `params`.
 */
export type UploadErrorCode =
  | 'cancelled'
  | 'network'
  | 'timeout'
  | 'slowResponse'
  | 'presignFailed'
  | 'initFailed'
  | 'completeFailed'
  | 'storageHttp'
  | 'partHttp'
  | 'partNetwork'
  | 'partCancelled'
  | 'partTimeout'
  | 'partNoEtag'
  | 'tooLarge'
  | 'downloadHttp'
  | 'downloadFailed';

export interface UploadErrorParams {
  /** Part number (1-based). */
  part?: number;
  status?: number;
  /** Bytes: the file's size and the limit, for tooLarge. */
  size?: number;
  max?: number;
}

/** Codes worth another attempt: the same request may well succeed a moment later. */
const RETRYABLE: ReadonlySet<UploadErrorCode> = new Set([
  'network',
  'timeout',
  'partHttp',
  'partNetwork',
  'partTimeout',
  'storageHttp',
]);

/** A failure of the browser side of an upload, with its SPEC §8 message code. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly params: UploadErrorParams = {},
    override readonly cause?: unknown,
  ) {
    super(`upload ${code}${params.part ? ` (part ${params.part})` : ''}`);
    this.name = 'UploadError';
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

/** True for an UploadError of the given code (or of any cancellation when none given). */
export function isUploadError(error: unknown, code?: UploadErrorCode): error is UploadError {
  return error instanceof UploadError && (code === undefined || error.code === code);
}

/** The user (or a failing sibling) stopped this work: nothing to report as a fault. */
export function isCancellation(error: unknown): boolean {
  return isUploadError(error, 'cancelled') || isUploadError(error, 'partCancelled');
}

/** Throws the cancellation error when the signal has fired. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) {
    throw new UploadError('cancelled');
  }
}
