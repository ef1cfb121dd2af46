import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorage } from '@/modules/storage-configs/service';
import { PathEscapeError } from '@/storage/driver';
import { localRootOf } from '@/storage/registry';
import { bytes, errorOf, fsCall, fsUrl, listedNames } from '../fs/fs-support';
import { postFsForm } from '../fs/uploads-support';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { absoluteUrl, storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { davFetch, hrefsOf, propfind } from '../webdav/dav-support';

/**
 * Symbolic links in a local storage root (issue 29, "Escapes and trust"): links are never
 * followed. A link — to a file or a folder outside the root, or to a folder inside it —
 * is not listed, and every call through it is 403 PATH_FORBIDDEN (WebDAV: 403), with
 * nothing read, written or deleted outside the root.
 */

/** Every file and folder below `dir`, relative, with each file's bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full);
    out[relative] = entry.isFile() ? fs.readFileSync(full, 'utf8') : '<dir>';
  }
  return out;
}

describe('symbolic links in a local storage root', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  let root: string;
  let outside: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const local = storageTargets().find((target) => target.name === 'local');
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    mount = await mountOn(server, admin, local, { mountPath: '/ln' });
    root = localRootOf(server.deps, (await getStorage(server.deps, mount.configId)).config);
    await mount.driver.put('inside/real.txt', bytes('real'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
    fs.mkdirSync(path.join(outside, 'sub'));
    fs.writeFileSync(path.join(outside, 'sub', 'deep.txt'), 'deep secret');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'out-file'));
    fs.symlinkSync(outside, path.join(root, 'out-dir'));
    fs.symlinkSync(path.join(root, 'inside'), path.join(root, 'in-link'));
    fs.symlinkSync(outside, path.join(root, 'inside', 'deep-out'));
    before = snapshot(outside);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  /** Nothing outside the root was created, changed or deleted. */
  function expectOutsideUntouched(): void {
    expect(snapshot(outside)).toEqual(before);
  }

  it('lists no link, whether it leads out or stays inside', async () => {
    expect(await listedNames(admin, '/ln')).toEqual(['inside']);
    expect(await listedNames(admin, '/ln/inside')).toEqual(['real.txt']);
    const dav = await propfind(server, '/ln/', '1');
    expect(dav.status).toBe(207);
    expect(hrefsOf(dav.text).sort()).toEqual(['/dav/ln/', '/dav/ln/inside/']);
  });

  it('refuses to list, stat or read through a link (fs API)', async () => {
    const forbidden = [403, 'PATH_FORBIDDEN'];
    for (const target of ['/ln/out-dir', '/ln/in-link', '/ln/inside/deep-out', '/ln/out-dir/sub']) {
      expect(errorOf(await fsCall.list(admin, target)), target).toEqual(forbidden);
    }
    for (const target of ['/ln/out-file', '/ln/out-dir/secret.txt', '/ln/in-link/real.txt']) {
      expect(errorOf(await fsCall.get(admin, target)), target).toEqual(forbidden);
      expect(errorOf(await fsCall.fileLink(admin, target)), target).toEqual(forbidden);
      for (const call of ['download', 'preview']) {
        const res = await admin.raw(fsUrl(admin, call, { path: target }));
        const body = (await res.json()) as { error?: string };
        expect([res.status, body.error], `${call} ${target}`).toEqual(forbidden);
      }
    }
  });

  it('refuses WebDAV GET and PROPFIND through a link', async () => {
    for (const target of ['/ln/out-file', '/ln/out-dir/secret.txt', '/ln/in-link/real.txt']) {
      const res = await davFetch(server, 'GET', target);
      expect(res.status, target).toBe(403);
      // The refusal may name the path asked for, never the bytes behind the link.
      expect(await res.text()).not.toMatch(/top secret|deep secret/);
    }
    expect((await propfind(server, '/ln/out-dir/', '1')).status).toBe(403);
  });

  it('refuses every write through a link and changes nothing outside', async () => {
    const forbidden = [403, 'PATH_FORBIDDEN'];
    const writes: [string, () => Promise<ApiResponse<unknown>>][] = [
      ['update into a linked folder', () => fsCall.update(admin, '/ln/out-dir/new.txt', 'x')],
      ['update over a linked file', () => fsCall.update(admin, '/ln/out-file', 'x')],
      ['update over an outside file', () => fsCall.update(admin, '/ln/out-dir/secret.txt', 'x')],
      ['upload into a linked folder', () => postFsForm(admin, { path: '/ln/out-dir/up.txt' })],
      ['mkdir in a linked folder', () => fsCall.mkdir(admin, '/ln/out-dir/made')],
      ['mkdir below a linked folder', () => fsCall.mkdir(admin, '/ln/in-link/made/deeper')],
      ['remove an outside file', () => fsCall.remove(admin, '/ln/out-dir/secret.txt')],
      ['remove an outside folder', () => fsCall.remove(admin, '/ln/out-dir/sub')],
      ['remove a linked folder', () => fsCall.remove(admin, '/ln/out-dir')],
      ['remove a linked file', () => fsCall.remove(admin, '/ln/out-file')],
      ['rename out of a link', () => fsCall.rename(admin, '/ln/out-dir/secret.txt', '/ln/s.txt')],
      ['rename a link', () => fsCall.rename(admin, '/ln/out-dir', '/ln/renamed')],
      [
        'rename into a link',
        () => fsCall.rename(admin, '/ln/inside/real.txt', '/ln/out-dir/real.txt'),
      ],
    ];
    for (const [what, call] of writes) {
      expect(errorOf(await call()), what).toEqual(forbidden);
    }
    for (const [method, target] of [
      ['PUT', '/ln/out-dir/dav.txt'],
      ['PUT', '/ln/out-file'],
      ['MKCOL', '/ln/out-dir/col'],
      ['DELETE', '/ln/out-dir/secret.txt'],
      ['DELETE', '/ln/out-dir'],
    ] as const) {
      const res = await davFetch(server, method, target, method === 'PUT' ? { body: 'x' } : {});
      expect(res.status, `${method} ${target}`).toBe(403);
    }
    const move = await davFetch(server, 'MOVE', '/ln/out-dir/sub', {
      headers: { Destination: '/dav/ln/stolen' },
    });
    expect(move.status).toBe(403);
    expectOutsideUntouched();
    expect(fs.readlinkSync(path.join(root, 'out-dir'))).toBe(outside);
    expect(await listedNames(admin, '/ln')).toEqual(['inside']);
  });

  it('refuses signed local URLs through a link', async () => {
    const get = await mount.driver.presignGet('out-dir/secret.txt', { expiresInSeconds: 60 });
    const read = await fetch(absoluteUrl(server, get.url));
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('top secret');
    const put = await mount.driver.presignPut('out-dir/put.txt', { expiresInSeconds: 60 });
    const write = await fetch(absoluteUrl(server, put.url), {
      method: 'PUT',
      headers: put.headers,
      body: 'x',
    });
    expect(write.status).toBe(403);
    expectOutsideUntouched();
  });

  it('a folder holding a link is removed without following it', async () => {
    await mount.driver.put('holder/keep.txt', bytes('k'));
    fs.symlinkSync(outside, path.join(root, 'holder', 'link-out'));
    expect((await fsCall.remove(admin, '/ln/holder')).status).toBe(200);
    expect(fs.existsSync(path.join(root, 'holder'))).toBe(false);
    expectOutsideUntouched();
  });

  it('refuses a multipart folder that is a link', async () => {
    const multipart = path.join(root, '.multipart');
    fs.rmSync(multipart, { recursive: true, force: true });
    fs.symlinkSync(outside, multipart);
    try {
      await expect(mount.driver.createMultipart('big.bin')).rejects.toBeInstanceOf(PathEscapeError);
    } finally {
      fs.unlinkSync(multipart);
    }
    expectOutsideUntouched();
  });
});
