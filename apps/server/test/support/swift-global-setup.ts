import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SWIFT_INSTALL_HINT, type S3TestServer } from './swift';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/swift-s3.sh', import.meta.url));
const SWIFT_BINARIES = ['/usr/bin/swift-proxy-server', '/usr/bin/swift-ring-builder'];

/** Free TCP ports on 127.0.0.1, held together while chosen so they are distinct. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function provide(project: TestProject, server: S3TestServer): void {
  project.provide('s3TestServer', server);
}

/**
 * Starts OpenStack Swift with s3api (scripts/swift-s3.sh) once per vitest project, in the
 * background: tests that need it wait for it (test/support/swift.ts), the others do not
 * pay for its start. S3_TEST_ENDPOINT (with S3_TEST_ACCESS_KEY, S3_TEST_SECRET_KEY) names
 * a running server to use instead. Missing Swift binaries fail the tests that need them,
 * with the command that installs them.
 */
export default async function setup(project: TestProject) {
  const credentials = {
    region: 'us-east-1',
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
  };
  if (process.env.S3_TEST_ENDPOINT) {
    provide(project, {
      endpoint: process.env.S3_TEST_ENDPOINT,
      region: process.env.S3_TEST_REGION ?? 'us-east-1',
      accessKeyId: process.env.S3_TEST_ACCESS_KEY ?? credentials.accessKeyId,
      secretAccessKey: process.env.S3_TEST_SECRET_KEY ?? credentials.secretAccessKey,
      logDir: null,
      unavailable: null,
    });
    return undefined;
  }
  if (!SWIFT_BINARIES.every((binary) => fs.existsSync(binary))) {
    provide(project, {
      ...credentials,
      endpoint: '',
      logDir: null,
      unavailable: SWIFT_INSTALL_HINT,
    });
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-swift-'));
  const [port, accountPort, containerPort, objectPort] = await freePorts(4);
  const child = spawn('bash', [SCRIPT, dir], {
    env: {
      ...process.env,
      PORT: String(port),
      ACCOUNT_PORT: String(accountPort),
      CONTAINER_PORT: String(containerPort),
      OBJECT_PORT: String(objectPort),
    },
    // Its own process group: teardown stops the script and every server it started.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => {
    fs.appendFileSync(path.join(dir, 'start-errors.txt'), chunk);
  });
  provide(project, {
    ...credentials,
    endpoint: `http://127.0.0.1:${port}`,
    logDir: dir,
    unavailable: null,
  });
  return () => {
    const pids = pidsIn(path.join(dir, 'run'));
    signal(child.pid === undefined ? null : -child.pid);
    pids.forEach((pid) => signal(pid));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** SIGTERM to a pid (or, negative, a process group) that may have exited already. */
function signal(pid: number | null): void {
  if (pid === null) {
    return;
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

function pidsIn(runDir: string): number[] {
  if (!fs.existsSync(runDir)) {
    return [];
  }
  return fs
    .readdirSync(runDir)
    .map((name) => Number(fs.readFileSync(path.join(runDir, name), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}
