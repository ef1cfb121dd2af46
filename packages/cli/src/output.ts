/**
 * Results go to stdout, messages to stderr (so `link=$(pastebox put a.txt)` captures the
 * link alone); `--json` prints the API's answer instead of the human-readable line.
 */

export function printResult(line: string): void {
  process.stdout.write(`${line}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function note(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Bytes as people read them: 1.5 MiB, 812 B. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}
