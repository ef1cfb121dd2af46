import type { PublicFile } from '@pastebox/contract/schemas/file';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

/** What the browser does in the download stage: GET the remote file, keep the bytes. */
export async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (!res.ok) {
    throw new Error(`downloading ${url} answered ${res.status}`);
  }
  return Buffer.from(await res.arrayBuffer());
}

/** PUTs a body to a URL the server handed out (relative for local storage). */
export async function putTo(
  server: TestServer,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<Response> {
  const absolute = url.startsWith('/') ? `${server.baseUrl}${url}` : url;
  return fetch(absolute, { method: 'PUT', headers, body });
}

/** Opens a share as a stranger would and downloads it through its downloadUrl. */
export async function downloadShare(server: TestServer, slug: string): Promise<Buffer> {
  const opened = await server.anon.get<PublicFile>(`/api/public/files/${slug}`);
  const link = opened.body.data?.downloadUrl;
  if (opened.status !== 200 || !link) {
    throw new Error(`opening share ${slug}: ${opened.status} ${JSON.stringify(opened.body)}`);
  }
  const res = await fetch(link.startsWith('/') ? `${server.baseUrl}${link}` : link);
  if (!res.ok) {
    throw new Error(`downloading share ${slug} answered ${res.status}`);
  }
  return Buffer.from(await res.arrayBuffer());
}

/** The admin's view of a share by id: 404 once it is gone. */
export function adminFile(admin: ApiClient, id: string) {
  return admin.get<{ status: string; remark: string | null }>(`/api/admin/files/${id}`);
}
