import type { SecondFactorMethod } from '@pastebox/contract/schemas/two-factors';
import { AppError } from '@/lib/api-client';

/**
 * What the password step asked for instead of a session (issue 32): a second factor
 * (SECOND_FACTOR_REQUIRED), or enrolment because the server requires two factors
 * (TWO_FACTOR_ENROLMENT_REQUIRED). Both carry the step's token and the methods in `details`.
 */
export interface SignInStep {
  kind: 'second-factor' | 'enrolment';
  challenge: string;
  methods: SecondFactorMethod[];
  /** Who is signing in, for the recovery codes' file. */
  username: string;
}

const KINDS: Record<string, SignInStep['kind']> = {
  SECOND_FACTOR_REQUIRED: 'second-factor',
  TWO_FACTOR_ENROLMENT_REQUIRED: 'enrolment',
};
const METHODS = new Set<string>(['totp', 'recovery', 'passkey']);

/** The step a login error stands for, or null when it is a plain failure. */
export function signInStepOf(error: unknown, username: string): SignInStep | null {
  const kind = error instanceof AppError && error.key ? KINDS[error.key] : undefined;
  if (!kind || !(error instanceof AppError)) {
    return null;
  }
  const detail = (path: string) => error.details?.find((entry) => entry.path === path)?.message;
  const challenge = detail('challenge');
  if (!challenge) {
    return null;
  }
  const methods = (detail('methods') ?? '')
    .split(',')
    .filter((method): method is SecondFactorMethod => METHODS.has(method));
  return { kind, challenge, methods, username };
}

/** Whether an error means the step is gone (expired, used up): back to the password. */
export function stepExpired(error: unknown): boolean {
  return error instanceof AppError && error.key === 'SIGN_IN_CHALLENGE_INVALID';
}
