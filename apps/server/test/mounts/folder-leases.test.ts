import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimFolderLease,
  folderLeases,
  leasePrefixOf,
  prefixesOverlap,
} from '@/modules/mounts/folder-leases';
import { FolderBusyError } from '@/vfs/folder-leases';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The database leases that keep S3 folder moves and deletes apart across processes and
 * instances (issue 29, "Concurrency"), on the real database of the run (SQLite or
 * PostgreSQL): the overlap rule, one atomic claim among parallel ones, expiry of a holder
 * that stopped renewing, renewal while a move runs, and waiting for a release.
 */

const LEASE_MS = 30_000;

describe('folder leases', () => {
  let server: TestServer;
  let configId: string;
  let otherConfigId: string;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    const admin = await server.admin();
    const local = storageTargets().find((target) => target.name === 'local');
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    configId = (await local.createConfig(admin)).id;
    otherConfigId = (await local.createConfig(admin)).id;
  });
  afterAll(() => server.close());

  /** A claim as a holder that never renews would make it (a killed process's). */
  function claim(config: string, keys: string[], leaseMs = LEASE_MS, leaseId = randomUUID()) {
    const now = server.clock.now();
    return claimFolderLease(server.deps, {
      leaseId,
      configId: config,
      prefixes: keys.map(leasePrefixOf),
      holder: 'test',
      nowIso: now.toISOString(),
      expiresIso: new Date(now.getTime() + leaseMs).toISOString(),
    });
  }

  async function rowsOf(leaseId: string) {
    return server.deps.db
      .selectFrom('folder_leases')
      .selectAll()
      .where('lease_id', '=', leaseId)
      .execute();
  }

  it('the overlap rule: the same folder, one inside it or one above it; never a sibling', () => {
    expect(leasePrefixOf('a/b')).toBe('a/b/');
    expect(leasePrefixOf('')).toBe('');
    const cases: [string, string, boolean][] = [
      ['a/b', 'a/b', true],
      ['a/b', 'a/b/c', true],
      ['a/b/c', 'a', true],
      ['a/b', 'a/bc', false],
      ['a/bc', 'a/b', false],
      ['a', 'b', false],
      ['', 'x/y', true],
    ];
    for (const [a, b, overlap] of cases) {
      expect(prefixesOverlap(leasePrefixOf(a), leasePrefixOf(b)), `${a} ~ ${b}`).toBe(overlap);
    }
  });

  it('a held folder refuses the same folder, one inside and one above; others go through', async () => {
    const held = randomUUID();
    expect(await claim(configId, ['x/y'], LEASE_MS, held)).toBe(true);
    expect(await claim(configId, ['x/y'])).toBe(false);
    expect(await claim(configId, ['x/y/z'])).toBe(false);
    expect(await claim(configId, ['x'])).toBe(false);
    // A move claims its source and its target at once: one of them overlapping is enough.
    expect(await claim(configId, ['free', 'x/y/deep'])).toBe(false);
    expect(await claim(configId, ['free'])).toBe(true);
    expect(await claim(configId, ['x/yz'])).toBe(true);
    expect(await claim(otherConfigId, ['x/y'])).toBe(true);
    expect((await rowsOf(held)).map((row) => row.prefix)).toEqual(['x/y/']);
  });

  it('of sixteen parallel claims of one folder exactly one is granted', async () => {
    const granted = await Promise.all(Array.from({ length: 16 }, () => claim(configId, ['race'])));
    expect(granted.filter(Boolean)).toHaveLength(1);
  });

  it('a lease no one renews expires: then the folder is free, and the old rows go', async () => {
    const dead = randomUUID();
    expect(await claim(configId, ['dead'], 1_000, dead)).toBe(true);
    server.clock.advance(999);
    expect(await claim(configId, ['dead/inner'])).toBe(false);
    server.clock.advance(1);
    expect(await claim(configId, ['dead/inner'])).toBe(true);
    expect(await rowsOf(dead)).toEqual([]);
  });

  it('hold waits for an overlapping lease to end, then runs; the lease goes after it', async () => {
    const leases = folderLeases(server.deps);
    const order: string[] = [];
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const first = leases.hold(configId, ['wait/a'], async () => {
      order.push('first begins');
      started();
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    await firstStarted;
    const second = leases.hold(configId, ['wait'], () => {
      order.push('second');
      return Promise.resolve('done');
    });
    // While the first holds, the second waits (a claim elsewhere is still granted).
    expect(await claim(configId, ['wait-sibling'])).toBe(true);
    expect(order).toEqual(['first begins']);
    release();
    await first;
    expect(await second).toBe('done');
    expect(order).toEqual(['first begins', 'first ends', 'second']);
    expect(await claim(configId, ['wait'])).toBe(true);
  });

  it('a folder held by a dead holder: FolderBusyError once the wait runs out', async () => {
    expect(await claim(configId, ['busy'])).toBe(true);
    const leases = folderLeases(server.deps, { waitMs: 50 });
    let ran = false;
    const refused = leases.hold(configId, ['busy/x'], () => {
      ran = true;
      return Promise.resolve();
    });
    await expect(refused).rejects.toBeInstanceOf(FolderBusyError);
    expect(ran).toBe(false);
  });

  it('a held lease is renewed while its task runs, past its first expiry', async () => {
    const leaseMs = 300;
    const leases = folderLeases(server.deps, { leaseMs });
    await leases.hold(configId, ['renewed'], async () => {
      const [row] = await server.deps.db
        .selectFrom('folder_leases')
        .selectAll()
        .where('config_id', '=', configId)
        .where('prefix', '=', 'renewed/')
        .execute();
      const first = row?.expires_at ?? '';
      expect(first).not.toBe('');
      server.clock.advance(leaseMs - 1);
      // Renewed (every third of the lease) from the clock's new time: past the first expiry.
      await expect
        .poll(
          async () =>
            (
              await server.deps.db
                .selectFrom('folder_leases')
                .select('expires_at')
                .where('lease_id', '=', row?.lease_id ?? '')
                .executeTakeFirst()
            )?.expires_at ?? '',
          { timeout: 5_000, interval: 20 },
        )
        .toSatisfy((expires: string) => expires > first);
      // Past the first expiry, within the renewed one: still held.
      server.clock.advance(leaseMs / 2);
      expect(await claim(configId, ['renewed/inner'])).toBe(false);
    });
    expect(await claim(configId, ['renewed/inner'])).toBe(true);
  });
});
