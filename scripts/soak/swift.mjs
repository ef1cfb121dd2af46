import fs from 'node:fs';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { repoRoot } from './paths.mjs';
import { answersOk, isAlive, runCommand, sleep, startGroup, waitFor } from './processes.mjs';

// The soak's own Swift s3api (scripts/swift-s3.sh), on ports of its own so that it never
// meets the tests' Swift.

export const SWIFT_PORTS = {
  PORT: 18085,
  ACCOUNT_PORT: 16202,
  CONTAINER_PORT: 16201,
  OBJECT_PORT: 16200,
};
export const S3_ENDPOINT = `http://127.0.0.1:${SWIFT_PORTS.PORT}`;
export const S3_CREDENTIALS = { accessKeyId: 'test:tester', secretAccessKey: 'testing' };
export const S3_REGION = 'us-east-1';

/** An S3 client for the soak's Swift, as the server's own storage/s3-client.ts makes it. */
export function s3Client() {
  return new S3Client({
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    // Swift's s3api wants Content-MD5, not the CRC32 the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function pidsIn(dir) {
  const runDir = path.join(dir, 'run');
  if (!fs.existsSync(runDir)) {
    return [];
  }
  return fs
    .readdirSync(runDir)
    .filter((name) => name.endsWith('.pid'))
    .map((name) => Number(fs.readFileSync(path.join(runDir, name), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** The Swift servers in `dir` (swift-s3.sh wipes and fills it). */
export function swiftServer(dir) {
  const proxyPidFile = path.join(dir, 'run', 'proxy.pid');
  const proxyAnswers = () => answersOk(`${S3_ENDPOINT}/info`);
  let scriptGroup = null;
  return {
    async start() {
      await runCommand('bash', [path.join(repoRoot, 'scripts', 'swift-s3.sh'), dir], {
        env: Object.fromEntries(Object.entries(SWIFT_PORTS).map(([k, v]) => [k, String(v)])),
        // The servers it leaves running stay in this group, which stop() ends.
        detached: true,
        onStart: (child) => (scriptGroup = child.pid),
      });
    },
    /** Stops only the proxy (the S3 endpoint): the storage outage of the fault plan. */
    async stopProxy() {
      const pid = Number(fs.readFileSync(proxyPidFile, 'utf8').trim());
      // SIGTERM: the proxy's parent takes its worker down with it (SIGKILL would orphan it).
      process.kill(pid, 'SIGTERM');
      await waitFor(
        'the Swift proxy to stop',
        async () => !isAlive(pid) && !(await proxyAnswers().catch(() => false)),
        { timeoutMs: 15_000 },
      );
    },
    /** Starts the proxy again as swift-s3.sh does; resolves once /info answers. */
    async startProxy() {
      const child = startGroup(
        '/usr/bin/swift-proxy-server',
        [path.join(dir, 'etc', 'proxy-server.conf'), '-v'],
        {
          env: { PATH: `/usr/bin:${process.env.PATH}` },
          logFile: path.join(dir, 'log', 'proxy.log'),
        },
      );
      fs.writeFileSync(proxyPidFile, `${child.pid}\n`);
      await waitFor('the Swift proxy to answer', proxyAnswers, { timeoutMs: 60_000 });
    },
    /** Stops every Swift server (their pid files), then whatever is left in their groups. */
    async stop() {
      const pids = pidsIn(dir);
      for (const pid of pids) {
        signal(pid, 'SIGTERM');
      }
      const deadline = Date.now() + 5000;
      while (pids.some(isAlive) && Date.now() < deadline) {
        await sleep(100);
      }
      // A restarted proxy leads a group of its own; the first ones share the script's.
      const groups = pids.map((pid) => -pid);
      for (const pid of [...pids, ...groups, ...(scriptGroup ? [-scriptGroup] : [])]) {
        signal(pid, 'SIGKILL');
      }
    },
  };
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}
