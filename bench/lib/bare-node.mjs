import { spawn } from 'node:child_process';

/**
 * The yardstick (issue 12, DESIGN §11): a bare `node:http` hello-world in its own process —
 * as the server is, so it does not share the load generator's event loop — answering a
 * small JSON envelope. It prints its port once listening.
 */
const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ code: 200, message: 'OK', data: { status: 'ok' }, success: true });
const server = http.createServer((req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/**
 * Starts the bare server on a free port of 127.0.0.1. Absolute req/s drift on a shared
 * machine; a share of what Node itself answers in the same run does not. Resolves with its
 * address, pid and `stop()`.
 */
export function startBareNode() {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The bare node:http server exited (${code})`)));
    child.stdout.once('data', (chunk) => {
      const port = Number(String(chunk).trim());
      resolve({ baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop });
    });
  });
}
