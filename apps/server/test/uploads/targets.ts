import type { CreateStorageConfigBody } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';

/** beforeAll hooks that create a config may wait for Swift to start. */
export const SETUP_TIMEOUT_MS = SWIFT_HOOK_TIMEOUT_MS;

/** A storage every upload and delivery test runs against (issue 3: local AND Swift). */
export interface FileTarget {
  name: string;
  /** provider_type of its configs. */
  providerType: string;
  /** A fresh storage config (its own folder or bucket), made through the API; its id. */
  createConfig(
    server: TestServer,
    admin: ApiClient,
    overrides?: Partial<CreateStorageConfigBody>,
  ): Promise<string>;
}

function fileTargets(): FileTarget[] {
  return storageTargets().map((target) => ({
    name: target.name,
    providerType: target.name === 'local' ? 'local' : 'other',
    createConfig: async (_server, admin, overrides) =>
      (await target.createConfig(admin, overrides)).id,
  }));
}

/** Runs a describe block once per storage target. */
export function forEachTarget(title: string, body: (target: FileTarget) => void): void {
  for (const target of fileTargets()) {
    describe(`${title} [${target.name}]`, () => body(target));
  }
}

/** Runs a describe block on local storage only: for rules no storage changes. */
export function onLocalStorage(title: string, body: (target: FileTarget) => void): void {
  for (const target of fileTargets().filter((one) => one.providerType === 'local')) {
    describe(`${title} [${target.name}]`, () => body(target));
  }
}

/** What a test on a storage target works with: the server, the admin, a config's id. */
export interface ServerOnTarget {
  server: TestServer;
  admin: ApiClient;
  configId: string;
}

/**
 * For the describe block it is called in: before its tests a fresh server (started with
 * `options.env`), the admin logged in and a fresh storage config on `target` (with
 * `options.config`); after them the server closed. `onOpen` hands them to the block's own
 * variables: the hooks run after the block is declared.
 */
export function serverOnTarget(
  target: FileTarget,
  onOpen: (opened: ServerOnTarget) => void,
  options: { env?: Record<string, string>; config?: Partial<CreateStorageConfigBody> } = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options.env);
    const admin = await server.admin();
    onOpen({ server, admin, configId: await target.createConfig(server, admin, options.config) });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => server?.close());
}
