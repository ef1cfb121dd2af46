import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { swiftServer } from '../support/swift';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import type { TestServer } from '../support/test-server';

/** A Swift storage config reached through a TCP relay, so a test can take it away. */
export interface ProxiedSwift {
  configId: string;
  bucket: string;
  /** The S3 endpoint stops answering: open connections cut, new ones refused. */
  down(): Promise<void>;
  /** The endpoint answers again (a new relay; the config is pointed at it, as an admin would). */
  up(): Promise<void>;
  close(): Promise<void>;
}

const swiftTarget = storageTargets().find((target) => target.name === 'swift');

/** A fresh Swift config (its own bucket) whose endpoint is a relay to the test's Swift. */
export async function proxiedSwift(server: TestServer, admin: ApiClient): Promise<ProxiedSwift> {
  if (!swiftTarget) {
    throw new Error('no Swift storage target');
  }
  const upstream = new URL((await swiftServer()).endpoint);
  const target = { host: upstream.hostname, port: Number(upstream.port) };
  let proxy: TcpProxy | null = await startTcpProxy(target);
  const config = await swiftTarget.createConfig(admin, {
    endpoint_url: `http://127.0.0.1:${proxy.port}`,
  });
  return {
    configId: config.id,
    bucket: config.bucket_name ?? '',
    async down() {
      await proxy?.close();
      proxy = null;
    },
    async up() {
      proxy = await startTcpProxy(target);
      // A changed updated_at gives the config a fresh driver (storage/registry.ts).
      await server.deps.db
        .updateTable('storage_configs')
        .set({
          endpoint_url: `http://127.0.0.1:${proxy.port}`,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', config.id)
        .execute();
    },
    close: async () => {
      await proxy?.close();
    },
  };
}
