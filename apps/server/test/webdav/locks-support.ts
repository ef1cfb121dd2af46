import { afterAll, beforeAll } from 'vitest';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { davFetch } from './dav-support';

/** LOCK and PUT over /dav as the lock tests send them. */

export interface LockAnswer {
  status: number;
  token: string | null;
  text: string;
}

export function lockBody(scope: 'exclusive' | 'shared', owner = 'tester'): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:">' +
    `<D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype>` +
    `<D:owner><D:href>${owner}</D:href></D:owner></D:lockinfo>`
  );
}

export async function lock(
  server: TestServer,
  path: string,
  options: { scope?: 'exclusive' | 'shared'; depth?: string; timeout?: string; body?: string } = {},
): Promise<LockAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/xml' };
  if (options.depth !== undefined) {
    headers.Depth = options.depth;
  }
  if (options.timeout !== undefined) {
    headers.Timeout = options.timeout;
  }
  const res = await davFetch(server, 'LOCK', path, {
    headers,
    body: options.body ?? lockBody(options.scope ?? 'exclusive'),
  });
  const header = res.headers.get('lock-token');
  return { status: res.status, token: header ? header.slice(1, -1) : null, text: await res.text() };
}

export async function put(
  server: TestServer,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return (await davFetch(server, 'PUT', path, { headers, body })).status;
}

export async function unlock(server: TestServer, path: string, token: string): Promise<number> {
  return (await davFetch(server, 'UNLOCK', path, { headers: { 'Lock-Token': `<${token}>` } }))
    .status;
}

/** A test server with a local-storage mount at /docs for the describe block it is called in. */
export function serverWithDocs(): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const local = storageTargets().find((target) => target.name === 'local');
    if (!local) {
      throw new Error('the local target is expected');
    }
    server = await startTestServer();
    await mountOn(server, await server.admin(), local, { mountPath: '/docs' });
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) {
      throw new Error('the server has not started');
    }
    return server;
  };
}
