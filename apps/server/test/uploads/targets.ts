import type { CreateStorageConfigBody } from '@pastebox/contract/schemas/storage-config';
import { describe } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import type { TestServer } from '../support/test-server';

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
