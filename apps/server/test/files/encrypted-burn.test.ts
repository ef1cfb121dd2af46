import type { FileShare } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  absolute,
  openShare,
  postForm,
  storedViews,
  testBytes,
  uniqueSlug,
} from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { leftInFolder, postSealed, rowsInFolder, sealedFile } from './encrypted-builders';

const MIB = 1024 * 1024;

/**
 * Burn after reading for encrypted files (issue 35, modules/files/burn.ts): once a
 * reader's last view is counted, the share and its object go when that reader's download
 * has read the whole object — never on a range, a dropped download or the owner's read.
 */
forEachTarget('burning encrypted files', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  /** A fresh share folder per test, so what a burn left can be listed. */
  const folder = () => uniqueSlug('burn');

  /** Until the share's row and object are gone, or the wait ends (the burn runs after the body's end). */
  async function expectBurned(share: FileShare) {
    await expect
      .poll(async () => (await rowsInFolder(server, share.path.replace(/^\//, ''))).length)
      .toBe(0);
    expect(await leftInFolder(server, configId, share.path.replace(/^\//, ''))).toEqual({
      objects: [],
      temp: 0,
    });
  }

  it("burns a file after its last view's whole download, not before", async () => {
    // More than the sockets between hold, so the dropped download below is read in part.
    const file = await sealedFile(12 * MIB);
    const name = folder();
    const share = (await postSealed(admin, configId, file, { max_views: '1', path: `/${name}` }))
      .body.data;
    const opened = await openShare(server, share.slug);
    expect(opened.body.data).toMatchObject({ encrypted: true, views: 1 });
    const url = absolute(server, opened.body.data.downloadUrl ?? '');
    // A range (a resumed download's piece) and a download dropped half-way burn nothing.
    const range = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    await range.arrayBuffer();
    const dropped = await fetch(url);
    const reader = dropped.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    expect(await rowsInFolder(server, name)).toHaveLength(1);
    // The whole download: the reader gets every byte, then the share and its object go.
    const download = await fetch(url);
    expect(Buffer.from(await download.arrayBuffer()).equals(file.blob)).toBe(true);
    await expectBurned(share);
    expect((await openShare(server, share.slug)).body.error).toBe('FILE_NOT_FOUND');
  });

  it("burns on a download that is a visit of its own, never on the owner's", async () => {
    const file = await sealedFile(5000);
    const name = folder();
    const share = (await postSealed(admin, configId, file, { max_views: '1', path: `/${name}` }))
      .body.data;
    const own = await admin.raw(`/api/file-download/${share.slug}`);
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expect(await rowsInFolder(server, name)).toHaveLength(1);
    const direct = await server.anon.raw(`/api/file-download/${share.slug}`);
    expect(Buffer.from(await direct.arrayBuffer()).equals(file.blob)).toBe(true);
    await expectBurned(share);
  });

  it('never burns a plain file that runs out of views', async () => {
    const name = folder();
    const share = (
      await postForm(admin, {
        content: testBytes(5000),
        filename: 'plain.bin',
        type: 'application/octet-stream',
        fields: { s3_config_id: configId, max_views: '1', path: `/${name}` },
      })
    ).body.data;
    const opened = await openShare(server, share.slug);
    await (await fetch(absolute(server, opened.body.data.downloadUrl ?? ''))).arrayBuffer();
    expect(await storedViews(server, share.id)).toBe(1);
    expect(await rowsInFolder(server, name)).toHaveLength(1);
  });
});
