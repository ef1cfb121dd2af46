import { randomBytes } from 'node:crypto';
import { joinPath } from '@pastebox/contract/rules/virtual-path';
import { afterAll, beforeAll } from 'vitest';
import type { CopyEvent, CopyOptions, FileSystem } from '@/vfs/types';
import type { ApiClient } from '../support/api-client';
import { storageTargets, type StorageTarget } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { bodyOf, fsOf, mountOn, type TestMount } from './support';

/**
 * Builders for the copy engine's tests (test/vfs/copy*.test.ts): three mounts per storage
 * — `home`, `twin` (another mount of home's storage config: copies between them stay
 * inside the storage) and `away` (the other kind of storage: copies stream across).
 */

export interface CopyMounts {
  home: TestMount;
  twin: TestMount;
  away: TestMount;
}

/** The other storage: local for the S3 server, the S3 server for local. */
export function otherTarget(target: StorageTarget): StorageTarget {
  const other = storageTargets().find((candidate) => candidate.name !== target.name);
  if (!other) {
    throw new Error('two storage targets expected');
  }
  return other;
}

export async function copyMounts(
  server: TestServer,
  admin: ApiClient,
  target: StorageTarget,
): Promise<CopyMounts> {
  const home = await mountOn(server, admin, target);
  const twin = await mountOn(server, admin, target, { configId: home.configId });
  const away = await mountOn(server, admin, otherTarget(target));
  return { home, twin, away };
}

export interface CopyFixture {
  server: () => TestServer;
  admin: () => ApiClient;
  mounts: () => CopyMounts;
  /** The admin's file system. */
  fs: () => FileSystem;
  /** A path under each mount. */
  home: (rest: string) => string;
  twin: (rest: string) => string;
  away: (rest: string) => string;
}

/** A test server with the three mounts for the tests of one describe block. */
export function useCopyMounts(target: StorageTarget): CopyFixture {
  let server: TestServer | undefined;
  let admin: ApiClient | undefined;
  let mounts: CopyMounts | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    mounts = await copyMounts(server, admin, target);
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(() => server?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) {
      throw new Error('the copy fixture is not set up yet');
    }
    return value;
  };
  const under = (pick: (all: CopyMounts) => TestMount) => (rest: string) =>
    `${pick(ready(mounts)).mountPath}/${rest}`;
  return {
    server: () => ready(server),
    admin: () => ready(admin),
    mounts: () => ready(mounts),
    fs: () => fsOf(ready(server)),
    home: under((all) => all.home),
    twin: under((all) => all.twin),
    away: under((all) => all.away),
  };
}

/** A fresh folder name, so the tests of one file never meet. */
export function fresh(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

/** Writes `files` (relative path → content) under `root`. */
export async function writeTree(
  fs: FileSystem,
  root: string,
  files: Record<string, string | Buffer>,
): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await fs.write(`${root}/${relative}`, bodyOf(content));
  }
}

/**
 * Everything under `root`: `relative → content` for files (as text, or a length and the
 * first bytes for large ones) and `relative/ → ''` for folders, sorted.
 */
export async function treeOf(fs: FileSystem, root: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const entry of (await fs.list(folder)).entries) {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory) {
        tree[`${relative}/`] = '';
        await walk(joinPath(folder, entry.name), relative);
      } else {
        tree[relative] = await contentOf(fs, entry.path);
      }
    }
  };
  await walk(root, '');
  return Object.fromEntries(Object.entries(tree).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function contentOf(fs: FileSystem, path: string): Promise<string> {
  const { object } = await fs.read(path);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A copy that records its events; `react` may act on each one (cancel, delete…). */
export async function recordedCopy(
  fs: FileSystem,
  from: string,
  to: string,
  options: Partial<CopyOptions> & { react?: (event: CopyEvent) => Promise<void> | void } = {},
): Promise<{ events: CopyEvent[]; error: unknown }> {
  const events: CopyEvent[] = [];
  const { react, ...rest } = options;
  try {
    await fs.copy(from, to, {
      skipExisting: false,
      ...rest,
      onEvent: async (event) => {
        events.push(event);
        await react?.(event);
      },
    });
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

/** The paths of the events of one kind, in order. */
export function pathsOf(events: CopyEvent[], kind: 'file-start' | 'file-done' | 'file-failed') {
  return events.flatMap((event) => (event.kind === kind ? [event.path] : []));
}

/** Bytes reported as flowing (streamed copies only: a server-side copy reports none). */
export function bytesFlowed(events: CopyEvent[]): number {
  return events.reduce((sum, event) => sum + (event.kind === 'bytes' ? event.bytes : 0), 0);
}
