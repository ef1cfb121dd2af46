import type { ErrorKey } from '@pastebox/contract/errors';

/**
 * Exit codes a script can switch on (README "Command-line client"). They are part of the
 * CLI's interface: a code never changes meaning once published.
 */
export const EXIT = {
  ok: 0,
  /** The server answered an error, or could not be reached. */
  failure: 1,
  /** The command line, or what it asked of the server, was not valid. */
  usage: 2,
  /** No key, a refused key (401) or one without the permission (403). */
  auth: 3,
  /** The share, file or path does not exist, has expired or used up its views. */
  notFound: 4,
  /** The share's password was missing or wrong. */
  wrongPassword: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports as one line on stderr before exiting with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** The server's stable error key, when the server gave one. */
    readonly key?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A mistake on the command line: exit 2. */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

/** Which exit code an error answer of the API deserves (DESIGN §4's status and key). */
export function exitCodeOf(status: number, key: ErrorKey | undefined): ExitCode {
  if (key === 'WRONG_PASSWORD') {
    return EXIT.wrongPassword;
  }
  if (status === 401 || status === 403) {
    return EXIT.auth;
  }
  // 410: expired, out of views, a visit link used up — gone for this reader, like a 404.
  if (status === 404 || status === 410) {
    return EXIT.notFound;
  }
  if (status === 400) {
    return EXIT.usage;
  }
  return EXIT.failure;
}
