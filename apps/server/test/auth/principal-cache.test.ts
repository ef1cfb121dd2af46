import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EPOCH_REFRESH_MS,
  PrincipalCache,
  readRevocationEpoch,
  type ResolvedPrincipal,
} from '@/lib/principal-cache';
import { TtlCache } from '@/lib/ttl-cache';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { hideEpochTable } from './two-apps';

const ADMIN_PRINCIPAL: ResolvedPrincipal = {
  type: 'admin',
  adminId: 'admin-1',
  username: 'admin',
  tokenHash: 'hash-1',
  expiresAt: '2999-01-01T00:00:00.000Z',
  sessionId: 'session-1',
};

/**
 * How often the cache asks the database (issue 12): at most one epoch read a second, one
 * at a time however many requests wait for it, and a failed read trusts nothing.
 */
describe(`the principal cache's epoch reads (${dialect})`, () => {
  let server: TestServer;
  let reads = 0;
  let cache: PrincipalCache;
  let loads = 0;
  const load = () => {
    loads += 1;
    return Promise.resolve(ADMIN_PRINCIPAL);
  };
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    cache = new PrincipalCache({
      readEpoch: () => {
        reads += 1;
        return readRevocationEpoch(server.deps.db);
      },
      clock: server.clock,
      onReadFailure: () => undefined,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads once for a burst, then not again within the second', async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => cache.resolve('session', 'hash-1', load)),
    );
    expect(burst.every((p) => p?.type === 'admin')).toBe(true);
    expect(reads).toBe(1);

    const loadsBefore = loads;
    server.clock.advance(EPOCH_REFRESH_MS - 1);
    await cache.resolve('session', 'hash-1', load);
    expect({ reads, loads: loads - loadsBefore }).toEqual({ reads: 1, loads: 0 });

    server.clock.advance(1);
    await Promise.all(Array.from({ length: 20 }, () => cache.resolve('session', 'hash-1', load)));
    expect({ reads, loads: loads - loadsBefore }).toEqual({ reads: 2, loads: 0 });
  });

  it('drops everything when the epoch moved', async () => {
    await cache.resolve('session', 'hash-1', load);
    const loadsBefore = loads;
    await server.deps.db.deleteFrom('sessions').execute();
    // No session existed: the delete touched no row, and the epoch stands.
    server.clock.advance(EPOCH_REFRESH_MS);
    await cache.resolve('session', 'hash-1', load);
    expect(loads - loadsBefore).toBe(0);

    await server.deps.db.updateTable('accounts').set({ updated_at: 'now' }).execute();
    server.clock.advance(EPOCH_REFRESH_MS);
    await cache.resolve('session', 'hash-1', load);
    expect(loads - loadsBefore).toBe(1);
  });

  it('serves nothing from memory while reads fail, and retries once a second', async () => {
    await cache.resolve('session', 'hash-1', load);
    const restore = await hideEpochTable(server);
    const before = { reads, loads };
    try {
      server.clock.advance(EPOCH_REFRESH_MS);
      for (let i = 0; i < 5; i += 1) {
        await cache.resolve('session', 'hash-1', load);
      }
      expect({ reads: reads - before.reads, loads: loads - before.loads }).toEqual({
        reads: 1,
        loads: 5,
      });
    } finally {
      await restore();
    }
    // Once a read succeeds, the entry from before the fault is served again: the epoch has
    // not moved, so nothing was revoked meanwhile.
    server.clock.advance(EPOCH_REFRESH_MS);
    await cache.resolve('session', 'hash-1', load);
    await cache.resolve('session', 'hash-1', load);
    expect({ reads: reads - before.reads, loads: loads - before.loads }).toEqual({
      reads: 2,
      loads: 5,
    });
  });

  it('does not keep what a look-up read while a revocation was being dropped', async () => {
    let release: () => void = () => undefined;
    const slowLoad = () =>
      new Promise<ResolvedPrincipal>((resolve) => {
        release = () => resolve({ ...ADMIN_PRINCIPAL, tokenHash: 'hash-2' });
      });
    const pending = cache.resolve('session', 'hash-2', slowLoad);
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.forget('session', 'hash-2');
    release();
    await pending;
    const loadsBefore = loads;
    await cache.resolve('session', 'hash-2', load);
    expect(loads - loadsBefore).toBe(1);
  });
});

describe('TtlCache', () => {
  it('drops the oldest entry when full, and ends each at its deadline', () => {
    const cache = new TtlCache<number>(3);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.set('c', 3, 50);
    cache.set('a', 1, 100); // set again: now the newest
    cache.set('d', 4, 100);
    expect(cache.size).toBe(3);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe(1);
    expect(cache.get('c', 49)).toBe(3);
    expect(cache.get('c', 50)).toBeUndefined();
  });
});
