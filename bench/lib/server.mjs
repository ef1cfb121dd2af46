import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
      const res = await fetch(`${baseUrl}/api/health`);
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
 * Starts the built server (`node apps/server/dist/main.js`) on a free port of 127.0.0.1,
 * with a temporary DATA_DIR (SQLite, or BENCH_DATABASE_URL when set) and a known admin.
 * Resolves once /api/health answers, with the address, the admin credentials, the pid and
 * `stop()`, which ends the process and deletes the data directory.
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
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
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
  try {
    await waitForHealth(baseUrl, child, output, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, admin, pid: child.pid, dataDir, stop };
}
