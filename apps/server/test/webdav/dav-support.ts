import { ADMIN, type TestServer } from '../support/test-server';

/** Calls of /dav over real HTTP, with HTTP Basic as WebDAV clients send it. */

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export const ADMIN_BASIC = basic(ADMIN.username, ADMIN.password);

export interface DavRequest {
  auth?: string | null;
  headers?: Record<string, string>;
  body?: string | Buffer | ReadableStream<Uint8Array>;
}

/** One request to `/dav{path}` (path already percent-encoded as a client would send it). */
export function davFetch(
  server: TestServer,
  method: string,
  path: string,
  request: DavRequest = {},
): Promise<Response> {
  const auth = request.auth === undefined ? ADMIN_BASIC : request.auth;
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (auth) {
    headers.Authorization = auth;
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (request.body !== undefined) {
    init.body = request.body;
    if (request.body instanceof ReadableStream) {
      init.duplex = 'half';
    }
  }
  return fetch(`${server.baseUrl}/dav${path}`, init);
}

/** The hrefs of a multistatus body, decoded, in order. */
export function hrefsOf(xml: string): string[] {
  return [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((match) =>
    decodeURIComponent(match[1] ?? ''),
  );
}

/** PROPFIND with Depth and an optional body; answers status and text. */
export async function propfind(
  server: TestServer,
  path: string,
  depth: string | null,
  body = '',
  auth?: string | null,
): Promise<{ status: number; text: string }> {
  const res = await davFetch(server, 'PROPFIND', path, {
    ...(auth !== undefined ? { auth } : {}),
    headers: depth === null ? {} : { Depth: depth },
    body,
  });
  return { status: res.status, text: await res.text() };
}
