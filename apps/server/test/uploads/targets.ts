import { describe } from 'vitest';
import { getDefaultStorage } from '../../src/storage/registry';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

/** A storage every upload and delivery test runs against. */
export interface FileTarget {
  name: string;
  providerType: string;
  /** A fresh storage config on `server` (its own bucket or folder); answers its id. */
  createConfig(server: TestServer, admin: ApiClient): Promise<string>;
}

const local: FileTarget = {
  name: 'local',
  providerType: 'local',
  createConfig: async (server) => (await getDefaultStorage(server.deps)).config.id,
};

/** Runs a describe block once per storage target. */
export function forEachTarget(title: string, body: (target: FileTarget) => void): void {
  for (const target of [local]) {
    describe(`${title} [${target.name}]`, () => body(target));
  }
}
