import pino, { type Logger } from 'pino';

/** One line the server logged, as pino wrote it. */
export interface LogLine {
  level: number;
  msg: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** pino's numbers: 30 info, 40 warn, 50 error, 60 fatal. */
export const ERROR_LEVEL = 50;

/** A logger for `startTestServer({ logger })` whose lines a test reads back. */
export interface LogCapture {
  logger: Logger;
  lines: LogLine[];
  /** The lines at error level or above (a server failure, never a client's doing). */
  errors(): LogLine[];
  /** The lines whose `path` field is `path`. */
  about(path: string): LogLine[];
}

/** Captures what the server logs at info and above, parsed, in memory. */
export function captureLogs(): LogCapture {
  const lines: LogLine[] = [];
  const destination = {
    write(line: string) {
      lines.push(JSON.parse(line) as LogLine);
    },
  };
  return {
    logger: pino({ level: 'info' }, destination),
    lines,
    errors: () => lines.filter((line) => line.level >= ERROR_LEVEL),
    about: (path) => lines.filter((line) => line.path === path),
  };
}
