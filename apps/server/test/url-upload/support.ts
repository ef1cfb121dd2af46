import { putSetting } from '@/modules/system/settings';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

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

/** GET /api/url/proxy?url=… with `client`'s credentials. */
export function proxy(client: ApiClient, url: string): Promise<Response> {
  return client.raw(`/api/url/proxy?url=${encodeURIComponent(url)}`);
}
