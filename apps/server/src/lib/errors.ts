import { ERRORS, type ErrorKey } from '@pastebox/contract/errors';

/** The one error type services throw; `onError` turns it into the envelope. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(key: ErrorKey, message?: string, details?: { path: string; message: string }[]) {
    super(message ?? ERRORS[key].message);
    this.key = key;
    this.status = ERRORS[key].status;
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
