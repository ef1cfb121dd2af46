import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { mountSource } from '@/modules/mounts/service';
import type { StorageDriver } from '@/storage/driver';
import { fileSystemFor } from '@/vfs/file-system';
import type { Caller, FileSystem, MountSource } from '@/vfs/types';
import type { ApiClient } from '../support/api-client';
import { insertMount } from '../support/mounts';
import { driverOf, storageTargets, type StorageTarget } from '../support/storage-targets';
import type { TestServer } from '../support/test-server';

/**
 * Builders for the file-system tests (test/vfs): the real app's database and drivers, a
 * mount on a fresh storage config, the file system of an admin or a key.
 */

export const ADMIN_CALLER: Caller = { kind: 'admin' };

export function keyCaller(basicPath: string): Caller {
  return { kind: 'key', basicPath };
}

/** Runs `body` once per storage: local and the real S3-protocol server. */
export function eachStorage(body: (target: StorageTarget) => void): void {
  for (const target of storageTargets()) {
    body(target);
  }
}

export interface TestMount {
  id: string;
  configId: string;
  mountPath: string;
  driver: StorageDriver;
}

/** A mount at `mountPath` (default: a fresh one) on a fresh config of `target`. */
export async function mountOn(
  server: TestServer,
  admin: ApiClient,
  target: StorageTarget,
  options: {
    mountPath?: string;
    cacheTtl?: number;
    isActive?: boolean;
    sortOrder?: number;
    /** Another mount's storage config, instead of a fresh one. */
    configId?: string;
  } = {},
): Promise<TestMount> {
  const config = options.configId ? { id: options.configId } : await target.createConfig(admin);
  const mountPath = options.mountPath ?? `/m${randomBytes(4).toString('hex')}`;
  const { id } = await insertMount(server.deps, {
    mountPath,
    storageConfigId: config.id,
    storageType: target.name === 'local' ? 'local' : 'S3',
    cacheTtl: options.cacheTtl ?? 300,
    ...(options.isActive !== undefined ? { isActive: options.isActive } : {}),
    ...(options.sortOrder !== undefined ? { sortOrder: options.sortOrder } : {}),
  });
  return { id, configId: config.id, mountPath, driver: await driverOf(server, config.id) };
}

/** The file system `caller` sees on the test server, its clock the server's. */
export function fsOf(server: TestServer, caller: Caller = ADMIN_CALLER): FileSystem {
  return fileSystemFor(mountSource(server.deps), caller, { now: () => server.clock.now() });
}

/** The app's mount source, counting the epoch bumps it is asked for. */
export function countingSource(server: TestServer): MountSource & { bumps: string[] } {
  const inner = mountSource(server.deps);
  const bumps: string[] = [];
  return {
    bumps,
    loadMounts: () => inner.loadMounts(),
    driverFor: (mount) => inner.driverFor(mount),
    ledger: inner.ledger,
    folderLeases: inner.folderLeases,
    bumpCacheEpoch: async (mountId) => {
      bumps.push(mountId);
      await inner.bumpCacheEpoch(mountId);
    },
  };
}

export function bodyOf(text: string | Buffer): Readable {
  return Readable.from([typeof text === 'string' ? Buffer.from(text) : text]);
}

export async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The names a listing shows, in its order. */
export async function namesIn(fs: FileSystem, path: string): Promise<string[]> {
  return (await fs.list(path)).entries.map((entry) => entry.name);
}
