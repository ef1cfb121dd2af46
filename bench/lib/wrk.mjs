import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// wrk (https://github.com/wg/wrk, apt package `wrk`) as the load generator. Issue 12 states
// its targets with `wrk -t2 -c32`: a C client does 55–60 k req/s against bare Node on two
// cores, where the bench's own fetch loop stops at 3–5 k, so only wrk can tell how close
// the server comes to Node itself. Each run gets a generated Lua script: the request (method,
// headers, body, or a list of paths to rotate over) and a `done` hook that prints wrk's
// summary as one JSON line, so nothing depends on the layout of its human-readable report.

/** The wrk executable on PATH, or null. */
export function findWrk() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'wrk');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}

const RESULT_MARK = 'WRK_RESULT ';

/** A Lua string literal of any text: quotes, backslashes and non-printable bytes as `\ddd`. */
function luaString(text) {
  const bytes = [...Buffer.from(text, 'utf8')];
  const escape = (byte) =>
    byte < 0x20 || byte > 0x7e || byte === 0x22 || byte === 0x5c
      ? `\\${String(byte).padStart(3, '0')}`
      : String.fromCharCode(byte);
  return `"${bytes.map(escape).join('')}"`;
}

/**
 * The script: a fixed request (wrk builds it once: the fast path) or, with `paths`, a
 * `request()` that walks the list, each thread starting elsewhere so the reads spread over
 * many shares from the first second.
 */
function buildScript({ method, headers, body, paths }) {
  const lines = [`wrk.method = ${luaString(method)}`];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`);
  }
  if (body !== undefined) {
    lines.push(`wrk.body = ${luaString(body)}`);
  }
  if (paths) {
    lines.push(
      `paths = { ${paths.map(luaString).join(', ')} }`,
      'local threads = 0',
      'function setup(thread) thread:set("first", threads * 7919); threads = threads + 1 end',
      'function init(args) i = first or 0 end',
      'function request() i = i % #paths + 1; return wrk.format(nil, paths[i]) end',
    );
  }
  lines.push(
    'function done(summary, latency, requests)',
    '  local e = summary.errors',
    `  io.write(string.format('${RESULT_MARK}{"requests":%d,"durationUs":%d,"connect":%d,` +
      `"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,` +
      `"mean":%.1f,"min":%d}\\n', summary.requests, summary.duration, e.connect, e.read, ` +
      'e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(95), ' +
      'latency:percentile(99), latency.max, latency.mean, latency.min))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

function execWrk(wrk, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(wrk, args, { timeout: timeoutMs, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
        return;
      }
      resolve(stdout);
    });
  });
}

const ms = (us) => Math.round(us / 10) / 100;

/**
 * Runs wrk against `baseUrl`: `path`, or every path of `paths` in turn, with `method`,
 * `headers` and `body`, for `seconds` on `connections` connections and `threads` threads.
 * Resolves with a measurement in lib/measure.mjs's shape (latencies in ms), where `errors`
 * is the answers wrk counts as failed (status 400 and above: no operation here redirects, so
 * that is every non-2xx) plus socket errors, each also given on its own.
 */
export async function runWrk(
  wrk,
  { baseUrl, path: single = '/', paths, method = 'GET', headers = {}, body },
  { seconds, connections, threads },
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-wrk-'));
  try {
    const script = path.join(dir, 'load.lua');
    fs.writeFileSync(script, buildScript({ method, headers, body, paths }));
    const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '-s', script];
    const stdout = await execWrk(
      wrk,
      [...args, `${baseUrl}${paths?.[0] ?? single}`],
      (seconds + 30) * 1000,
    );
    const line = stdout.split('\n').find((text) => text.startsWith(RESULT_MARK));
    if (!line) {
      throw new Error(`wrk printed no result:\n${stdout}`);
    }
    const r = JSON.parse(line.slice(RESULT_MARK.length));
    const socketErrors = r.connect + r.read + r.write + r.timeout;
    return {
      tool: `wrk -t${threads} -c${connections} -d${seconds}s`,
      requests: r.requests,
      concurrency: connections,
      errors: r.status + socketErrors,
      non2xx: r.status,
      socketErrors: { connect: r.connect, read: r.read, write: r.write, timeout: r.timeout },
      durationMs: ms(r.durationUs),
      requestsPerSecond: Math.round((r.requests / (r.durationUs / 1e6)) * 100) / 100,
      latencyMs:
        r.requests === 0
          ? {}
          : {
              min: ms(r.min),
              p50: ms(r.p50),
              p95: ms(r.p95),
              p99: ms(r.p99),
              max: ms(r.max),
              mean: ms(r.mean),
            },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
