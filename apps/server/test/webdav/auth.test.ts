import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { basic, davFetch, hrefsOf, propfind } from './dav-support';

const local = storageTargets().find((target) => target.name === 'local');

/** An API key made through the API, with a basic_path; answers its Basic header. */
async function keyBasic(admin: ApiClient, basicPath: string, mount = true): Promise<string> {
  const { key } = await createKey(admin, { basic_path: basicPath, mount_permission: mount });
  return basic(key, key);
}

describe('WebDAV auth and basic_path', () => {
  let server: TestServer;
  let admin: ApiClient;
  let teamKey: string;
  beforeAll(async () => {
    if (!local) {
      throw new Error('the local target is expected');
    }
    server = await startTestServer();
    admin = await server.admin();
    await mountOn(server, admin, local, { mountPath: '/team' });
    await mountOn(server, admin, local, { mountPath: '/private' });
    expect((await davFetch(server, 'MKCOL', '/team/mine')).status).toBe(201);
    expect((await davFetch(server, 'PUT', '/team/other.txt', { body: 'x' })).status).toBe(201);
    expect((await davFetch(server, 'PUT', '/private/s.txt', { body: 'secret' })).status).toBe(201);
    teamKey = await keyBasic(admin, '/team/mine');
  });
  afterAll(() => server.close());

  it('challenges a request without credentials with Basic realm="Pastebox"', async () => {
    const res = await davFetch(server, 'PROPFIND', '/', { auth: null, headers: { Depth: '0' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="Pastebox"/);
  });

  it('refuses a wrong password with 401, then rate-limits the guesser with 429', async () => {
    const wrong = basic('guesser', 'nope');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await davFetch(server, 'GET', '/', { auth: wrong })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('takes an API key as user name and password, inside its basic_path', async () => {
    const put = await davFetch(server, 'PUT', '/team/mine/k.txt', { auth: teamKey, body: 'k' });
    expect(put.status).toBe(201);
    const get = await davFetch(server, 'GET', '/team/mine/k.txt', { auth: teamKey });
    expect(await get.text()).toBe('k');
  });

  it('refuses a key without mount permission with 403', async () => {
    const noMount = await keyBasic(admin, '/', false);
    const res = await davFetch(server, 'PROPFIND', '/', {
      auth: noMount,
      headers: { Depth: '0' },
    });
    expect(res.status).toBe(403);
  });

  it('shows a key only the way down to its basic_path', async () => {
    const root = await propfind(server, '/', '1', '', teamKey);
    expect(root.status).toBe(207);
    expect(hrefsOf(root.text)).toEqual(['/dav/', '/dav/team/']);
    const team = await propfind(server, '/team', '1', '', teamKey);
    expect(hrefsOf(team.text)).toEqual(['/dav/team/', '/dav/team/mine/']);
  });

  it('keeps a key out of everything outside its basic_path', async () => {
    const outside = [
      ['GET', '/private/s.txt'],
      ['GET', '/team/other.txt'],
      ['PUT', '/team/new.txt'],
      ['DELETE', '/team/other.txt'],
      ['MKCOL', '/private/dir'],
    ] as const;
    for (const [method, path] of outside) {
      const res = await davFetch(server, method, path, {
        auth: teamKey,
        ...(method === 'PUT' ? { body: 'x' } : {}),
      });
      expect([403, 404], `${method} ${path}`).toContain(res.status);
    }
    const propfindOutside = await propfind(server, '/private', '0', '', teamKey);
    expect([403, 404]).toContain(propfindOutside.status);
    const copyOut = await davFetch(server, 'COPY', '/team/mine/k.txt', {
      auth: teamKey,
      headers: { Destination: `${server.baseUrl}/dav/private/k.txt` },
    });
    expect(copyOut.status).toBe(403);
    const moveOut = await davFetch(server, 'MOVE', '/team/mine/k.txt', {
      auth: teamKey,
      headers: { Destination: '/dav/team/k.txt' },
    });
    expect(moveOut.status).toBe(403);
    const copyIn = await davFetch(server, 'COPY', '/private/s.txt', {
      auth: teamKey,
      headers: { Destination: '/dav/team/mine/s.txt' },
    });
    expect([403, 404]).toContain(copyIn.status);
    // Nothing moved or appeared.
    expect((await davFetch(server, 'GET', '/team/mine/k.txt', { auth: teamKey })).status).toBe(200);
    expect((await davFetch(server, 'GET', '/private/k.txt')).status).toBe(404);
    expect((await davFetch(server, 'GET', '/team/mine/s.txt')).status).toBe(404);
  });

  it('never lets `..`, `%2e%2e` or `//` escape the basic_path', async () => {
    const tricks = [
      '/team/mine/%2e%2e/other.txt',
      '/team/mine/%2E%2E/other.txt',
      '/team/mine/.%2e/other.txt',
      '/team/mine/%252e%252e/other.txt',
      '/team/mine/..%2fother.txt',
      '//team/other.txt',
      '/team//other.txt',
      '/team/mine/%2e%2e%2f%2e%2e/private/s.txt',
    ];
    for (const path of tricks) {
      const res = await davFetch(server, 'GET', path, { auth: teamKey });
      expect([400, 403, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toBe('x');
    }
    // A copy whose destination tries the same.
    const res = await davFetch(server, 'COPY', '/team/mine/k.txt', {
      auth: teamKey,
      headers: { Destination: '/dav/team/mine/%2e%2e/stolen.txt' },
    });
    expect([400, 403]).toContain(res.status);
    expect((await davFetch(server, 'GET', '/team/stolen.txt')).status).toBe(404);
  });
});
