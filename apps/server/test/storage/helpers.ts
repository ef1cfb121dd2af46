import { Readable } from 'node:stream';
import type { StorageDriver } from '@/storage/driver';
import { driverOf, type StorageTarget } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';

/** The whole of a stream, as text. */
export async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A stream of `text`, as a request or a file would give it. */
export function streamOf(text: string | Buffer): Readable {
  return Readable.from([typeof text === 'string' ? Buffer.from(text) : text]);
}

export interface DriverFixture {
  server: TestServer;
  driver: StorageDriver;
  configId: string;
}

/**
 * A test server with a fresh storage config of the target (own folder or bucket),
 * created through the API, and the app's driver for it. Use in beforeAll with
 * {@link FIXTURE_TIMEOUT_MS}.
 */
export async function driverFixture(target: StorageTarget): Promise<DriverFixture> {
  const server = await startTestServer();
  try {
    const admin = await server.admin();
    const config = await target.createConfig(admin);
    return { server, driver: await driverOf(server, config.id), configId: config.id };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Creating a Swift config may wait for Swift to finish starting. */
export const FIXTURE_TIMEOUT_MS = SWIFT_HOOK_TIMEOUT_MS;
