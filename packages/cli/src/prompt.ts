import { CliError, EXIT, type ExitCode } from './errors';

/**
 * Asks for a secret (a password, an API key) on the terminal without echoing it. Without
 * a terminal there is nobody to ask: the error names the flag that gives it instead, and
 * exits with the code of a missing secret of that kind (3 for a key, 5 for a password).
 */
export function askSecret(
  question: string,
  flagHint: string,
  exitCodeWithoutTerminal: ExitCode,
): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const what = question.replace(/:\s*$/, '');
    return Promise.reject(
      new CliError(`${what} is needed: give ${flagHint}`, exitCodeWithoutTerminal),
    );
  }
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let answer = '';
    const finish = (result: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish(() => resolve(answer));
          return;
        }
        if (char === '\u0003') {
          finish(() => reject(new CliError('Cancelled', EXIT.usage)));
          return;
        }
        answer = char === '\u007f' || char === '\b' ? answer.slice(0, -1) : answer + char;
      }
    };
    input.on('data', onData);
  });
}
