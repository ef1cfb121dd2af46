import { expect } from 'vitest';
import { adminCall } from './api';

/**
 * What a WebDAV client does with a key of its own (issue 30's new user): list a folder,
 * upload, read back, move, lock and unlock — plain HTTP, with the key as user and password
 * (HTTP Basic), the way rclone or a mounted drive sends it. Leaves
 * `{mount}/backup/from-the-drive.txt`.
 */
export async function davClientRoundTrip(baseUrl: string, token: string, mount = '/home') {
  const key = await adminCall<{ key: string }>(baseUrl, token, 'POST', '/admin/api-keys', {
    name: 'Laptop drive',
    mount_permission: true,
  });
  const basic = `Basic ${Buffer.from(`${key.key}:${key.key}`).toString('base64')}`;
  const dav = (
    method: string,
    where: string,
    headers: Record<string, string> = {},
    body?: string,
  ) =>
    fetch(`${baseUrl}/dav${mount}${where}`, {
      method,
      headers: { authorization: basic, ...headers },
      ...(body === undefined ? {} : { body }),
    });

  expect((await dav('PROPFIND', '/', { depth: '1' })).status).toBe(207);
  expect((await dav('PUT', '/drive.txt', {}, 'written by the drive\n')).status).toBe(201);
  expect(await (await dav('GET', '/drive.txt')).text()).toBe('written by the drive\n');
  const destination = `${baseUrl}/dav${mount}/backup/from-the-drive.txt`;
  expect((await dav('MOVE', '/drive.txt', { destination })).status).toBe(201);
  const lock = await dav(
    'LOCK',
    '/backup/from-the-drive.txt',
    { 'content-type': 'application/xml', timeout: 'Second-600' },
    '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>laptop</D:owner></D:lockinfo>',
  );
  expect(lock.status).toBe(200);
  const lockToken = lock.headers.get('lock-token') ?? '';
  const unlock = await dav('UNLOCK', '/backup/from-the-drive.txt', { 'lock-token': lockToken });
  expect(unlock.status).toBe(204);
}
