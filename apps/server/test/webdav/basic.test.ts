import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { listedSizes } from '../fs/fs-support';
import { davFetch, hrefsOf, propfind } from './dav-support';

const local = storageTargets().find((target) => target.name === 'local');

describe('WebDAV basics [local]', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    if (!local) {
      throw new Error('the local target is expected');
    }
    server = await startTestServer();
    admin = await server.admin();
    await mountOn(server, admin, local, { mountPath: '/docs' });
    const res = await admin.put('/api/admin/system-settings', {
      max_upload_size: 1,
      max_upload_size_unit: 'MB',
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => server.close());

  it('answers OPTIONS without credentials with the DAV headers', async () => {
    const res = await davFetch(server, 'OPTIONS', '/', { auth: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('dav')).toBe('1, 2');
    expect(res.headers.get('ms-author-via')).toBe('DAV');
    expect(res.headers.get('allow')).toContain('PROPFIND');
    expect(res.headers.get('allow')).toContain('UNLOCK');
  });

  it('lists the mounts at /dav/', async () => {
    const { status, text } = await propfind(server, '/', '1');
    expect(status).toBe(207);
    expect(hrefsOf(text)).toEqual(['/dav/', '/dav/docs/']);
    expect(text).toContain('<D:collection/>');
  });

  it('PUTs a file, GETs it back, and the fs API sees it at once', async () => {
    const put = await davFetch(server, 'PUT', '/docs/hello.txt', { body: 'hello world' });
    expect(put.status).toBe(201);
    const again = await davFetch(server, 'PUT', '/docs/hello.txt', { body: 'hello again' });
    expect(again.status).toBe(204);
    const get = await davFetch(server, 'GET', '/docs/hello.txt');
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('hello again');
    expect(await listedSizes(admin, '/docs')).toEqual({ 'hello.txt': 11 });
  });

  it('refuses a body past the max upload size, declared or streamed, and stores nothing', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 7);
    const declared = await davFetch(server, 'PUT', '/docs/big.bin', { body: big });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(big.subarray(0, 600_000));
        controller.enqueue(big.subarray(600_000));
        controller.close();
      },
    });
    const streamed = await davFetch(server, 'PUT', '/docs/big.bin', { body: stream });
    expect(streamed.status).toBe(413);
    expect(await listedSizes(admin, '/docs')).not.toHaveProperty('big.bin');
    const fits = await davFetch(server, 'PUT', '/docs/ok.bin', { body: big.subarray(1) });
    expect(fits.status).toBe(201);
  });
});
