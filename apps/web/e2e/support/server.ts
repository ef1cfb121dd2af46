import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-pass' } as const;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** One line of the server's pino log (JSON): 30 info, 40 warn, 50 error, 60 fatal. */
export interface ServerLogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** What the server logged so far (at LOG_LEVEL, warn unless told), parsed. */
  logLines(): ServerLogLine[];
  /** Logs in through the API and returns an admin token. */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** The JSON lines of the server's output; anything else (a stray print) is left out. */
function parseLogLines(output: string): ServerLogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) {
      return [];
    }
    try {
      const parsed = JSON.parse(line) as ServerLogLine;
      return typeof parsed.level === 'number' ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Starts the built server the way `npm start` does (node apps/server/dist/main.js serving
 * apps/web/dist), on a free port with a temporary DATA_DIR (SQLite + local disk).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` before the e2e tests.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);

  return {
    baseUrl,
    dataDir,
    logLines: () => parseLogLines(output),
    async adminToken() {
      const res = await fetch(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(E2E_ADMIN),
      });
      const body = (await res.json()) as { data: { token: string } };
      return body.data.token;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
