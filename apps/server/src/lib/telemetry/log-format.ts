/**
 * A JSON log line as a person reads it in a terminal (`npm start`): the time, the level,
 * the message — for a request line its method, route, status, duration and caller — and
 * the remaining fields as key=value. Written here rather than through pino-pretty's worker
 * thread: a terminal is a developer's, and this is all it needs.
 */

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO ', color: '32' },
  40: { name: 'WARN ', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

/** pino's own fields, shown in the line's head or not at all. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname']);
/** A request line's fields that its head shows (request-observer.ts). */
const REQUEST_HEAD = new Set(['method', 'route', 'status', 'ms', 'principal']);

type Fields = Record<string, unknown>;

/** One JSON line made readable; a line that is not JSON is passed through unchanged. */
export function formatLogLine(line: string, colors: boolean): string {
  let fields: Fields;
  try {
    fields = JSON.parse(line) as Fields;
  } catch {
    return line;
  }
  const level = LEVELS[Number(fields.level)] ?? { name: String(fields.level), color: '0' };
  const time = new Date(Number(fields.time)).toISOString().slice(11, 23);
  const levelText = colors ? `\u001b[${level.color}m${level.name}\u001b[0m` : level.name;
  const isRequest = fields.msg === 'request';
  const message = typeof fields.msg === 'string' ? fields.msg : formatValue(fields.msg ?? '');
  const head = isRequest ? requestHead(fields) : message;
  const rest = Object.entries(fields)
    .filter(([key]) => !HIDDEN.has(key) && !(isRequest && REQUEST_HEAD.has(key)))
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  return `${time} ${levelText} ${[head, ...rest].join(' ')}\n`;
}

function requestHead(fields: Fields): string {
  return `${String(fields.method)} ${String(fields.route)} ${String(fields.status)} ${String(fields.ms)} ms ${String(fields.principal)}`;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') {
    return /\s/.test(value) ? JSON.stringify(value) : value;
  }
  if (typeof value === 'object' && value !== null && 'stack' in value) {
    // An error: its stack on lines of their own, as Node prints it.
    return `\n${String(value.stack)}\n`;
  }
  return JSON.stringify(value);
}
