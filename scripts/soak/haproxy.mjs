import fs from 'node:fs';
import path from 'node:path';
import { answersOk, startGroup, stopGroup, waitFor } from './processes.mjs';

// Debian's HAProxy in front of the instances: round-robin, an instance that stops answering
// /api/health taken out within about two seconds, and a request whose connection to an
// instance fails (refused: it was just killed) sent to another one. A request already
// under way when its instance dies is not retried (it may have done its work): the client
// sees the 502, and the soak counts it inside the fault's window.

export const BALANCER_PORT = 18800;
export const BALANCER_URL = `http://127.0.0.1:${BALANCER_PORT}`;

function configText(ports) {
  const servers = ports.map((port, index) => `  server i${index + 1} 127.0.0.1:${port} check`);
  return [
    'global',
    '  maxconn 1024',
    '',
    'defaults',
    '  mode http',
    '  option httplog',
    '  timeout connect 2s',
    // Large uploads and downloads: the client and server sides may each be quiet for a
    // while (a slow S3 part), never the 50 s HAProxy's examples use.
    '  timeout client 300s',
    '  timeout server 300s',
    '  timeout http-request 30s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch',
    '',
    'frontend soak',
    `  bind 127.0.0.1:${BALANCER_PORT}`,
    '  default_backend pastebox',
    '',
    'backend pastebox',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...servers,
    '',
  ].join('\n');
}

/** Writes the config into `dir` and runs HAProxy in the foreground as a child. */
export async function startBalancer(dir, ports) {
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, configText(ports));
  const child = startGroup('/usr/sbin/haproxy', ['-db', '-f', configFile], {
    logFile: path.join(dir, 'haproxy.log'),
  });
  await waitFor('HAProxy to answer', () => answersOk(`${BALANCER_URL}/api/health`), {
    timeoutMs: 30_000,
  });
  return { child, stop: () => stopGroup(child, 5000) };
}
