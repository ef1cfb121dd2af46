import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './test-server';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const LISTENING = /Pastebox listening on (http:\/\/[^\s"]+)/;

export interface ServerProcess {
  /** http://127.0.0.1:<port>, as the server logged it. */
  baseUrl: string;
  process: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process wrote so far (JSON log lines), for failure messages. */
  output(): string;
  /** SIGTERM (a clean shutdown), SIGKILL after 5 s; resolves when the process is gone. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (src/main.ts through tsx) as its own process, on 127.0.0.1 and a
 * free port, with the test admin and secret unless `env` says otherwise. `env` should name
 * DATA_DIR, and DATABASE_URL for PostgreSQL. Resolves once the server listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'main.ts')], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SECRET: 'test-secret-0123456789abcdef',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // One process per instance: tests that count on an instance's own memory (a cache)
      // would otherwise meet a sibling worker that never saw the request before.
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    baseUrl,
    process: child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Logs in as the test admin on a server process; the Authorization header value. */
export async function adminAuthorization(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) {
    throw new Error(`admin login failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return `Bearer ${body.data.token}`;
}
