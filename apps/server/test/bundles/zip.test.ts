import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { testBytes } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { createBundle, fetchBytes, openBundle, readStoredZip, uploadMember } from './support';

/**
 * A bundle's "download all" (issue 33): one ZIP streamed from storage, byte-identical to the
 * files, under a visit whose budget is metered like a file visit's.
 */
forEachTarget('bundle ZIP', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  async function bundleOf(members: [string, Buffer][], options: object = {}) {
    const ids = [];
    for (const [name, bytes] of members) {
      ids.push((await uploadMember(admin, configId, bytes, name)).id);
    }
    return createBundle(admin, 'admin', { file_ids: ids, ...options });
  }

  async function zipUrlOf(slug: string): Promise<string> {
    const opened = await openBundle(server, slug);
    expect(opened.status).toBe(200);
    return opened.body.data.zipUrl ?? '';
  }

  it('streams every file byte-identical, duplicate names numbered', async () => {
    const members: [string, Buffer][] = [
      ['report.txt', Buffer.from('first report')],
      ['photo.bin', testBytes(300_000, 7)],
      ['report.txt', Buffer.from('second report, same name')],
      ['名前.txt', Buffer.from('unicode name')],
      ['REPORT.txt', Buffer.from('third, differing in case')],
    ];
    const bundle = await bundleOf(members, { title: 'Field notes' });
    const zip = await fetchBytes(await zipUrlOf(bundle.slug));
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toContain('application/zip');
    expect(zip.headers.get('content-length')).toBe(String(zip.body.length));
    expect(zip.headers.get('content-disposition')).toContain('Field%20notes.zip');
    const entries = readStoredZip(zip.body);
    expect([...entries.keys()]).toEqual([
      'report.txt',
      'photo.bin',
      'report (2).txt',
      '名前.txt',
      'REPORT (3).txt',
    ]);
    expect(entries.get('photo.bin')?.equals(members[1]?.[1] ?? Buffer.alloc(0))).toBe(true);
    expect(entries.get('report (2).txt')?.toString()).toBe('second report, same name');
    expect(entries.get('名前.txt')?.toString()).toBe('unicode name');
  });

  it('a visit serves three archives, or two on the last view; then 410', async () => {
    const unlimited = await bundleOf([['u.bin', testBytes(50_000, 3)]]);
    const url = await zipUrlOf(unlimited.slug);
    for (let i = 0; i < 3; i += 1) {
      expect((await fetchBytes(url)).status).toBe(200);
    }
    const used = await fetchBytes(url);
    expect([used.status, JSON.parse(used.body.toString()).error]).toEqual([
      410,
      'VISIT_LINK_USED_UP',
    ]);

    const lastView = await bundleOf([['l.bin', testBytes(50_000, 4)]], { max_views: 1 });
    const lastUrl = await zipUrlOf(lastView.slug);
    expect((await fetchBytes(lastUrl)).status).toBe(200);
    expect((await fetchBytes(lastUrl)).status).toBe(200);
    expect((await fetchBytes(lastUrl)).status).toBe(410);
  });

  /** What the bundle's visits have served, as stored. */
  async function servedBytes(bundleId: string): Promise<number> {
    const rows = await server.deps.db
      .selectFrom('share_visits')
      .select('bytes_served')
      .where('bundle_id', '=', bundleId)
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.bytes_served), 0);
  }

  it('a client that leaves early gets back the bytes it never read', async () => {
    const size = 8 * 1024 * 1024;
    const bundle = await bundleOf([['large.bin', testBytes(size, 9)]]);
    const url = await zipUrlOf(bundle.slug);
    const leaving = new AbortController();
    const res = await fetch(url, { signal: leaving.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    leaving.abort();
    await reader?.cancel().catch(() => undefined);
    await expect.poll(() => servedBytes(bundle.id), { timeout: 10_000 }).toBeLessThan(size);
    // What was not read went back: two whole archives still fit in the three it allows.
    for (let i = 0; i < 2; i += 1) {
      const zip = await fetchBytes(url);
      expect(zip.status).toBe(200);
      expect(readStoredZip(zip.body).get('large.bin')?.length).toBe(size);
    }
  });

  it('a bad token is refused: the envelope for a script, a page for a browser', async () => {
    const bundle = await bundleOf([['t.txt', Buffer.from('t')]]);
    const forged = `${server.baseUrl}/api/bundle-zip/${bundle.slug}?token=forged`;
    expect((await fetchBytes(forged)).status).toBe(410);
    const page = await fetchBytes(forged, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body.toString()).toContain(`/b/${bundle.slug}`);
    expect((await fetchBytes(`${server.baseUrl}/api/bundle-zip/nothing?token=x`)).status).toBe(404);
  });
});
