import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/swift-s3.sh', import.meta.url));

export interface SwiftServer {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** How long a fresh Swift may answer 503 (a backend still starting on a busy machine). */
const BUSY_FOR_MS = 30_000;

/** Creates the bucket, trying again while Swift answers 503 Service Unavailable. */
async function createBucketOnceServed(client: S3Client, bucket: string): Promise<void> {
  const deadline = Date.now() + BUSY_FOR_MS;
  for (;;) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (status !== 503 || Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Starts OpenStack Swift with s3api (scripts/swift-s3.sh, which returns once it answers)
 * on free ports and creates one bucket: the S3-compatible storage a journey configures
 * through the admin panel.
 */
export async function startSwift(bucket = 'e2e-bucket'): Promise<SwiftServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-e2e-swift-'));
  const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
  await promisify(execFile)('bash', [SCRIPT, dir], {
    env: {
      ...process.env,
      PORT: String(ports[0]),
      ACCOUNT_PORT: String(ports[1]),
      CONTAINER_PORT: String(ports[2]),
      OBJECT_PORT: String(ports[3]),
    },
    timeout: 150_000,
  });
  const server = {
    endpoint: `http://127.0.0.1:${ports[0]}`,
    region: 'us-east-1',
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
    bucket,
  };
  const client = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  try {
    await createBucketOnceServed(client, bucket);
  } finally {
    client.destroy();
  }
  return {
    ...server,
    stop() {
      const runDir = path.join(dir, 'run');
      for (const name of fs.existsSync(runDir) ? fs.readdirSync(runDir) : []) {
        try {
          process.kill(Number(fs.readFileSync(path.join(runDir, name), 'utf8').trim()), 'SIGTERM');
        } catch {
          // already gone
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
