import { randomBytes } from 'node:crypto';
import type { FsListing, FsWriteResult } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StorageDriver } from '@/storage/driver';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { insertMount } from '../support/mounts';
import { driverOf, storageTargets, type StorageTarget } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertApiKey } from '../uploads/builders';

/**
 * Builders for the tests of uploads into a mount (test/fs/uploads*.test.ts): a mount on a
 * fresh storage config, keys with mount permission, the form and part calls over real HTTP.
 */

export const MIB = 1024 * 1024;

/** A mount on its own storage config, and the driver behind it. */
export interface MountedStorage {
  configId: string;
  mountPath: string;
  driver: StorageDriver;
  /** The object key of a virtual path inside this mount. */
  keyOf(path: string): string;
}

/** A mount at a fresh path on a fresh config of `target`; listings cached 300 s. */
export async function mountStorage(
  server: TestServer,
  admin: ApiClient,
  target: StorageTarget,
  configOverrides: Parameters<StorageTarget['createConfig']>[1] = {},
): Promise<MountedStorage> {
  const config = await target.createConfig(admin, configOverrides);
  const mountPath = `/m${randomBytes(4).toString('hex')}`;
  await insertMount(server.deps, {
    mountPath,
    storageConfigId: config.id,
    storageType: target.name === 'local' ? 'local' : 'S3',
    cacheTtl: 300,
  });
  return {
    configId: config.id,
    mountPath,
    driver: await driverOf(server, config.id),
    keyOf: (path) => path.slice(mountPath.length + 1),
  };
}

/** What a test of uploads into a mount works with: the server, the admin, the mount. */
export interface ServerWithMount {
  server: TestServer;
  admin: ApiClient;
  mount: MountedStorage;
}

/**
 * For the describe block it is called in: before its tests a fresh server, the admin logged
 * in and mountStorage on `target` (with `configOverrides`); after them the server closed.
 * `onOpen` hands them to the block's own variables: the hooks run after the block is
 * declared. (serverOnTarget in test/uploads/targets.ts is the same for file shares.)
 */
export function serverWithMount(
  target: StorageTarget,
  onOpen: (opened: ServerWithMount) => void,
  configOverrides: Parameters<StorageTarget['createConfig']>[1] = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.admin();
    onOpen({ server, admin, mount: await mountStorage(server, admin, target, configOverrides) });
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(() => server?.close());
}

/** Runs `body` once per storage: local and the real S3-protocol server. */
export function eachStorage(body: (target: StorageTarget) => void): void {
  for (const target of storageTargets()) {
    body(target);
  }
}

/** An API key with mount permission (unless `mount: false`) and a basic_path. */
export async function createMountKey(
  server: TestServer,
  options: { basicPath?: string; mount?: boolean } = {},
): Promise<ApiClient> {
  const key = await insertApiKey(server, {
    basicPath: options.basicPath,
    mount: options.mount !== false,
  });
  return key.client;
}

/** The family base a client calls: admin/fs with a token, user/fs with a key. */
export function fsBase(client: ApiClient): string {
  return client.authorization?.startsWith('ApiKey ') ? '/api/user/fs' : '/api/admin/fs';
}

export interface FsForm {
  path?: string;
  content?: string | Buffer;
  filename?: string;
  type?: string;
  /** Send `path` after the file part (refused: it chooses where the bytes go). */
  pathAfterFile?: boolean;
}

/** POST fs/upload with a real multipart form. */
export async function postFsForm(
  client: ApiClient,
  form: FsForm,
): Promise<ApiResponse<FsWriteResult>> {
  const body = new FormData();
  if (form.path !== undefined && !form.pathAfterFile) {
    body.set('path', form.path);
  }
  body.set('use_multipart', 'false');
  const content = form.content ?? 'hello mount';
  body.set(
    'file',
    new Blob([content], form.type ? { type: form.type } : {}),
    form.filename ?? 'hello.txt',
  );
  if (form.path !== undefined && form.pathAfterFile) {
    body.set('path', form.path);
  }
  const res = await client.raw(`${fsBase(client)}/upload`, { method: 'POST', body });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as ApiResponse<FsWriteResult>['body'],
  };
}

/** The names in a folder's listing, as the list call answers them. */
export async function namesIn(client: ApiClient, folder: string): Promise<string[]> {
  const res = await client.get<FsListing>(
    `${fsBase(client)}/list?path=${encodeURIComponent(folder)}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((item) => item.name);
}

/** The whole stored object, read back through the storage driver. */
export async function storedBytes(driver: StorageDriver, key: string): Promise<Buffer> {
  const object = await driver.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A multipart form written by hand and sent chunked (no Content-Length): the fields, then
 * `fileBytes` of file. `hang` keeps the body open after them, so only a server that holds
 * its limits while the bytes stream can answer.
 */
export function postChunkedForm(
  client: ApiClient,
  options: { fields: Record<string, string>; fileBytes: number; hang: boolean },
): Promise<Response> {
  const boundary = `----pastebox${randomBytes(8).toString('hex')}`;
  const head = Object.entries(options.fields)
    .map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const chunk = 64 * 1024;
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        sent = 0;
        controller.enqueue(new TextEncoder().encode(head + fileHead));
      } else if (sent < options.fileBytes) {
        const size = Math.min(chunk, options.fileBytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(7));
      } else if (options.hang) {
        return new Promise<void>(() => undefined);
      } else {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
      return undefined;
    },
  });
  return client.raw(`${fsBase(client)}/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  });
}
