import pino, { type DestinationStream, type Logger } from 'pino';
import { formatLogLine } from './log-format';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The most bytes one write(2) to a pipe carries atomically (PIPE_BUF on Linux): a cluster's
 * workers share the primary's stdout, and a longer write could be cut by another's.
 */
const PIPE_ATOMIC_BYTES = 4096;

/**
 * The server's logger: JSON lines, or, when stdout is a terminal, the same lines made
 * readable (log-format.ts); a cluster's workers inherit the primary's stdout, terminal
 * or not. JSON lines are written asynchronously: the lines of one turn of the event loop
 * leave in one write, about 40 % cheaper than a write per line (docs/monitoring.md). Each
 * write holds whole lines, at most PIPE_ATOMIC_BYTES, so no line is ever torn, and what is
 * still buffered is written when the process exits (pino flushes it on 'exit').
 */
export function createLogger(level: LogLevel): Logger {
  if (process.stdout.isTTY) {
    return pino({ level }, readableDestination(process.stdout));
  }
  return pino({ level }, pino.destination({ dest: 1, sync: false, maxWrite: PIPE_ATOMIC_BYTES }));
}

function readableDestination(output: NodeJS.WriteStream): DestinationStream {
  return {
    write(line: string) {
      output.write(formatLogLine(line, output.hasColors()));
    },
  };
}
