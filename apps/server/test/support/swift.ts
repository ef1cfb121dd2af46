import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** The S3-protocol server of the tests, provided by swift-global-setup.ts. */
export interface S3TestServer {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Swift's config, data and logs (null when S3_TEST_ENDPOINT names another server). */
  logDir: string | null;
  /** Why there is no server (Swift not installed), or null. */
  unavailable: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3TestServer: S3TestServer;
  }
}

export const SWIFT_INSTALL_HINT =
  'The storage tests need OpenStack Swift (a real S3-protocol server). Install it with: ' +
  'apt-get install -y --no-install-recommends swift-proxy swift-object swift-container swift-account';

/** Swift starts in the background; a busy 2-core machine has needed over 30 s. */
const READY_TIMEOUT_MS = 150_000;

/** A timeout for hooks that wait for Swift. */
export const SWIFT_HOOK_TIMEOUT_MS = READY_TIMEOUT_MS + 30_000;

let ready: Promise<S3TestServer> | null = null;

export function s3ClientFor(server: S3TestServer): S3Client {
  return new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function tail(file: string, lines = 15): string {
  return fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
    : '';
}

async function waitUntilReady(server: S3TestServer): Promise<S3TestServer> {
  if (server.unavailable) {
    throw new Error(server.unavailable);
  }
  const client = s3ClientFor(server);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError: unknown = null;
  try {
    while (Date.now() < deadline) {
      try {
        await client.send(new ListBucketsCommand({}));
        return server;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    client.destroy();
  }
  const logs = server.logDir
    ? `\n${tail(path.join(server.logDir, 'start-errors.txt'))}\n${tail(path.join(server.logDir, 'log', 'proxy.log'))}`
    : '';
  throw new Error(
    `The S3 test server at ${server.endpoint} did not answer within ${READY_TIMEOUT_MS / 1000} s ` +
      `(last error: ${String(lastError)}).${logs}`,
  );
}

/** The running S3 test server; waits (once per test file) until it answers. */
export function swiftServer(): Promise<S3TestServer> {
  ready ??= waitUntilReady(inject('s3TestServer'));
  return ready;
}

/** A fresh bucket, so every test has its own. */
export async function createBucket(server: S3TestServer, prefix = 'pb'): Promise<string> {
  const name = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const client = s3ClientFor(server);
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return name;
}
