import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server, as `npm start` runs it: a cluster is one more process tree to own. */
const ENTRY = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const WAIT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 5_000;

export interface LogLine {
  pid: number;
  msg: string;
  workers?: number[];
  worker?: number;
}

export interface ClusterProcess {
  process: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Every JSON log line so far. */
  logs(): LogLine[];
  /** Resolves with the first log line (from now on counted from `after`) that matches. */
  waitForLog(match: (line: LogLine) => boolean, after?: number): Promise<LogLine>;
}

/** Starts `node dist/main.js` with exactly `env` (plus PATH and HOME), on 127.0.0.1. */
export function startCluster(env: Record<string, string>): ClusterProcess {
  if (!fs.existsSync(ENTRY)) {
    throw new Error(`${ENTRY} is missing: run \`npm run build\` first`);
  }
  const child = spawn(process.execPath, [ENTRY], {
    cwd: path.dirname(ENTRY),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let waiters: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    const woken = waiters;
    waiters = [];
    woken.forEach((wake) => wake());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const logs = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  return {
    process: child,
    exited,
    output: () => output,
    logs,
    async waitForLog(match, after = 0) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const found = logs().slice(after).find(match);
        if (found) {
          return found;
        }
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`no such log line (exit ${child.exitCode}):\n${output}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

/** Whether a process with this id still exists (a zombie counts: it is not reaped yet). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes whose parent is `pid`, read from /proc. */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // "pid (comm) state ppid …": comm may hold spaces, so read after its closing paren.
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A request on a connection of its own (no keep-alive pool): each one is a new accept, so
 * the cluster hands consecutive requests to different workers.
 */
export function fresh(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { agent: false, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A connection the primary had handed to a worker as it was killed is never answered:
    // time it out as a client or a proxy would.
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.end(init.body);
  });
}
