import { afterAll, beforeAll } from 'vitest';
import { putSetting } from '@/modules/system/settings';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { startOrigin, type TestOrigin } from './origin';

/** Sets the system setting max_upload_size_mb (SPEC §3), as the admin panel would. */
export async function setMaxUploadMb(server: TestServer, mb: number): Promise<void> {
  await putSetting(
    server.deps.db,
    'max_upload_size_mb',
    String(mb),
    server.clock.now().toISOString(),
  );
}

/** Clients for an API key with file permission and for one without. */
export async function keyClients(server: TestServer, admin: ApiClient) {
  const withFile = await createKey(admin, { file_permission: true, text_permission: false });
  const textOnly = await createKey(admin, { file_permission: false, text_permission: true });
  return {
    fileKey: server.anon.withApiKey(withFile.key),
    textOnlyKey: server.anon.withApiKey(textOnly.key),
  };
}

export type KeyClients = Awaited<ReturnType<typeof keyClients>>;

/** What a URL-upload test works with: the server, the origin it fetches from, its clients. */
export interface UrlUploadServer {
  server: TestServer;
  origin: TestOrigin;
  admin: ApiClient;
  keys: KeyClients;
}

/**
 * For the describe block it is called in: before its tests a local origin, a server
 * started with `env` (by default allowed to fetch private addresses, so it can reach the
 * origin), the admin logged in and keyClients; after them both closed. `onOpen` hands them
 * to the block's own variables: the hooks run after the block is declared.
 */
export function urlUploadServer(
  onOpen: (opened: UrlUploadServer) => void,
  env: Record<string, string> = { ALLOW_PRIVATE_URLS: 'true' },
): void {
  let opened: UrlUploadServer | undefined;
  beforeAll(async () => {
    const origin = await startOrigin();
    const server = await startTestServer(env);
    const admin = await server.admin();
    opened = { server, origin, admin, keys: await keyClients(server, admin) };
    onOpen(opened);
  });
  afterAll(async () => {
    await opened?.server.close();
    await opened?.origin.close();
  });
}

/** GET /api/url/proxy?url=… with `client`'s credentials. */
export function proxy(client: ApiClient, url: string): Promise<Response> {
  return client.raw(`/api/url/proxy?url=${encodeURIComponent(url)}`);
}
