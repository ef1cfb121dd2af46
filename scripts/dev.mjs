// `npm run dev`: the API with hot reload (tsx watch, port 8787) and the Vite dev server
// (which proxies /api to 8787) side by side, each line prefixed with its source. Ctrl-C
// stops both; if either exits on its own, the other is stopped too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './lib/process.mjs';

const colorful = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (colorful ? `\u001b[${code}m${text}\u001b[0m` : text);

const env = {
  ...process.env,
  // Fixed: apps/web/vite.config.ts proxies /api to this port.
  PORT: '8787',
  // npm runs workspace scripts inside apps/server; keep the data where `npm start` keeps it.
  DATA_DIR: process.env.DATA_DIR || path.join(repoRoot, 'data'),
  // picocolors and friends enable colour when FORCE_COLOR is present at all, even '0'.
  ...(colorful ? { FORCE_COLOR: '1' } : {}),
};
const prettyLogs = path.join(repoRoot, 'node_modules', '.bin', 'pino-pretty');

const services = [
  { name: 'server', color: '36', args: ['run', 'dev', '-w', '@pastebox/server'], prettyLogs: true },
  { name: 'web', color: '35', args: ['run', 'dev', '-w', '@pastebox/web'] },
];
const children = [];
let stopping = false;

function prefixLines(stream, prefix, sink) {
  readline
    .createInterface({ input: stream })
    .on('line', (line) => sink.write(`${prefix} ${line}\n`));
}

/** Signals a child's whole process group (npm → tsx/vite → node), not only npm itself. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(exitCode) {
  if (stopping) {
    return;
  }
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) {
    signalGroup(child, 'SIGTERM');
  }
  // Anything that ignores SIGTERM for 5 s is killed, so Ctrl-C always gives the prompt back.
  setTimeout(() => children.forEach((child) => signalGroup(child, 'SIGKILL')), 5000).unref();
}

/** The server logs JSON lines (pino); in development they read better through pino-pretty. */
function readableLogs(service, child) {
  if (!service.prettyLogs || !fs.existsSync(prettyLogs)) {
    return child.stdout;
  }
  const pretty = spawn(prettyLogs, [colorful ? '--colorize' : '--no-colorize'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdout.pipe(pretty.stdin);
  return pretty.stdout;
}

for (const service of services) {
  // detached: each service leads its own process group, so stopAll reaches grandchildren.
  const child = spawn('npm', service.args, { cwd: repoRoot, env, detached: true });
  const prefix = paint(service.color, `[${service.name}]`.padEnd(8));
  prefixLines(readableLogs(service, child), prefix, process.stdout);
  prefixLines(child.stderr, prefix, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix} exited (${signal ?? `code ${code}`}); stopping the other one.`);
      stopAll(code || 1);
    }
  });
  children.push(child);
}

console.log(
  `API on http://localhost:${env.PORT} (hot reload), web app on http://localhost:5173 ` +
    '(Vite, /api proxied). Ctrl-C stops both.',
);
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
