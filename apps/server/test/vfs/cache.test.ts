import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MountsRepo } from '@/modules/mounts/repo';
import { fileSystemFor } from '@/vfs/file-system';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  bodyOf,
  countingSource,
  eachStorage,
  fsOf,
  mountOn,
  namesIn,
  type TestMount,
} from './support';

/**
 * The listing cache (DESIGN §7): a mount's listings are served from memory for its
 * cache_ttl, and every write through the product — on this instance or another — shows
 * at once, because each write bumps the mount's cache epoch in the database.
 */
eachStorage((target) => {
  describe(`file system: listing cache [${target.name}]`, () => {
    let server: TestServer;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      mount = await mountOn(server, await server.admin(), target, { cacheTtl: 300 });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const at = (rest: string) => `${mount.mountPath}${rest}`;

    it('serves a cached listing for cache_ttl seconds when storage changes behind its back', async () => {
      const fs = fsOf(server);
      await fs.mkdir(at('/ttl'));
      expect(await namesIn(fs, at('/ttl'))).toEqual([]);
      await mount.driver.put('ttl/behind.txt', bodyOf('x'));
      expect(await namesIn(fs, at('/ttl'))).toEqual([]);
      server.clock.advance(301_000);
      expect(await namesIn(fs, at('/ttl'))).toEqual(['behind.txt']);
    });

    it('shows every write through the file system at once, from any caller', async () => {
      const reader = fsOf(server);
      const writer = fsOf(server);
      await writer.mkdir(at('/live'));
      expect(await namesIn(reader, at('/live'))).toEqual([]);
      await writer.write(at('/live/a.txt'), bodyOf('a'));
      expect(await namesIn(reader, at('/live'))).toEqual(['a.txt']);
      await writer.mkdir(at('/live/sub'));
      expect(await namesIn(reader, at('/live'))).toEqual(['sub', 'a.txt']);
      await writer.rename(at('/live/a.txt'), at('/live/b.txt'));
      expect(await namesIn(reader, at('/live'))).toEqual(['sub', 'b.txt']);
      await writer.remove(at('/live/sub'));
      expect(await namesIn(reader, at('/live'))).toEqual(['b.txt']);
    });

    it('drops what another instance made stale: its write bumped the epoch in the database', async () => {
      const fs = fsOf(server);
      await fs.mkdir(at('/other'));
      expect(await namesIn(fs, at('/other'))).toEqual([]);
      // Another instance writes straight to storage and records it in the mounts table.
      await mount.driver.put('other/theirs.txt', bodyOf('t'));
      await new MountsRepo(server.deps.db).bumpCacheEpoch(mount.id);
      expect(await namesIn(fs, at('/other'))).toEqual(['theirs.txt']);
    });

    it('records a write made behind its back when told (touched)', async () => {
      const fs = fsOf(server);
      await fs.mkdir(at('/touch'));
      expect(await namesIn(fs, at('/touch'))).toEqual([]);
      await mount.driver.put('touch/part.bin', bodyOf('p'));
      await fs.touched(at('/touch/part.bin'));
      expect(await namesIn(fs, at('/touch'))).toEqual(['part.bin']);
    });

    it('bumps the epoch of the mount once for each write, and never for a read', async () => {
      const source = countingSource(server);
      const fs = fileSystemFor(source, { kind: 'admin' }, { now: () => server.clock.now() });
      await fs.mkdir(at('/count'));
      await fs.write(at('/count/a.txt'), bodyOf('a'));
      await fs.rename(at('/count/a.txt'), at('/count/b.txt'));
      await fs.list(at('/count'));
      await fs.stat(at('/count/b.txt'));
      await fs.read(at('/count/b.txt')).then(({ object }) => object.body.resume());
      await fs.remove(at('/count/b.txt'));
      expect(source.bumps).toEqual([mount.id, mount.id, mount.id, mount.id]);
    });
  });
});
