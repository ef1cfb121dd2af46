import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsCall } from '../fs/fs-support';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { bytesOf, KB, storedBytes } from '../storage-configs/ledger-support';
import { eachStorage, mountOn, type TestMount } from '../vfs/support';
import { davFetch } from '../webdav/dav-support';
import { listConfigs, readStats } from './support';

/**
 * "Used" is the capacity ledger's figure (issue 30): bytes written through a mount, by
 * WebDAV or the fs API, count on the dashboard and on the storage list, as file shares do;
 * it is not the file shares' sum alone, which read 0 B for 8.1 GB written through mounts.
 */
eachStorage((target) => {
  describe(`dashboard and storage list: bytes written through mounts [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      // Here, not in the test: the first S3 config waits for the S3 server to start.
      mount = await mountOn(server, admin, target);
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('shows what mounts wrote as used, the same figure in both places', async () => {
      const put = await davFetch(server, 'PUT', `${mount.mountPath}/one.bin`, {
        body: bytesOf(300 * KB),
      });
      expect(put.status).toBe(201);
      const update = await fsCall.update(admin, `${mount.mountPath}/notes.txt`, 'n'.repeat(5000));
      expect(update.status).toBe(200);
      const stored = await storedBytes(mount.driver);
      expect(stored).toBe(300 * KB + 5000);

      const onDashboard = (await readStats(admin)).storage.find(
        (usage) => usage.config_id === mount.configId,
      );
      const onList = (await listConfigs(admin)).find((config) => config.id === mount.configId);
      expect(onDashboard).toMatchObject({ used_bytes: stored, file_count: 0 });
      expect(onList).toMatchObject({ used_bytes: stored, file_count: 0 });
    });
  });
});
