import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processTree, workerCount } from './process-tree.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_ENTRY points at another build (e.g. of the previous commit) for a before/after.
export const serverEntry = process.env.BENCH_SERVER_ENTRY
  ? path.resolve(process.env.BENCH_SERVER_ENTRY)
  : path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');

/** A port the OS says is free right now, on 127.0.0.1. */
function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy in ${timeoutMs} ms:\n${output.join('')}`);
}

/** Reads a `VmXxx:  1234 kB` line of /proc/<pid>/status, in kB (null off Linux). */
export function readProcessMemoryKb(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * A `VmXxx` field over a clustered server's processes (the primary and its workers), in kB:
 * `largest`, the biggest single process (what one request's streaming can grow: a request
 * lives in one worker), and `total`, their sum. Null off Linux.
 */
export function readTreeMemoryKb(pid, field) {
  const values = processTree(pid)
    .map((member) => readProcessMemoryKb(member, field))
    .filter((kb) => kb !== null);
  if (values.length === 0) {
    return null;
  }
  return { largest: Math.max(...values), total: values.reduce((sum, kb) => sum + kb, 0) };
}

/**
 * Starts the built server (`node apps/server/dist/main.js`) on a free port of 127.0.0.1,
 * with a temporary DATA_DIR (SQLite, or BENCH_DATABASE_URL when set) and a known admin.
 * WORKERS is npm start's default (one worker per core) unless BENCH_WORKERS is set.
 * Resolves once /api/health answers and the workers are forked, with the address, the admin
 * credentials, the pid (the primary's, when clustered), the worker count (0 without a
 * cluster) and `stop()`, which ends the server and deletes the data directory.
 */
export async function startServer() {
  if (!fs.existsSync(serverEntry)) {
    throw new Error(
      `${path.relative(repoRoot, serverEntry)} is missing: run \`npm run build\` first.`,
    );
  }
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-bench-'));
  const admin = { username: 'bench', password: randomBytes(12).toString('base64url') };
  const { WORKERS: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      // npm start's default (one worker per core) unless BENCH_WORKERS says otherwise; a
      // WORKERS left in the shell does not leak in.
      ...(process.env.BENCH_WORKERS ? { WORKERS: process.env.BENCH_WORKERS } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Blank counts as unset: SQLite in DATA_DIR unless the benchmark asks for PostgreSQL.
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  // Kept for error messages only; bounded so a chatty server cannot grow the bench's memory.
  const output = [];
  const keep = (chunk) => output.push(String(chunk)) > 200 && output.shift();
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let workers;
  try {
    await waitForHealth(baseUrl, child, output, 30_000);
    workers = await waitForWorkers(child, expectedWorkers(), 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  // The server's last lines of output, for the report when a benchmark fails.
  const recentOutput = () => output.join('').slice(-4000);
  const state = () => {
    if (child.signalCode !== null) {
      return `killed by ${child.signalCode}`;
    }
    return child.exitCode === null ? 'running' : `exited with code ${child.exitCode}`;
  };
  return { baseUrl, admin, pid: child.pid, dataDir, workers, recentOutput, state, stop };
}

/** What the server's config does with WORKERS: unset means one per core; 1 means no cluster. */
function expectedWorkers() {
  const workers = Number(process.env.BENCH_WORKERS || os.availableParallelism());
  return workers > 1 ? workers : 0;
}

/**
 * Health answers once the first worker listens; waits until all `expected` workers are
 * forked (each then listens within a moment; the benches warm up first) and answers how
 * many there are.
 */
async function waitForWorkers(child, expected, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (workerCount(child.pid) < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return workerCount(child.pid);
}
