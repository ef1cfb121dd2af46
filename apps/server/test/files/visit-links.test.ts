import type { FileShare, PublicFile } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import { sweepOnce } from '@/sweeper';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { openShare, testBytes, uploadShare } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import {
  bytesServed as bytesServedOn,
  fetchAll,
  FULL_DOWNLOADS_PER_VISIT,
  MiB,
  MINUTE,
  SLACK,
  visitCount as visitCountOn,
} from './visit-links-support';

forEachTarget('visit links', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  const content = testBytes(MiB, 7);
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  const share = (fields: Record<string, string | number> = {}, body: Buffer = content) =>
    uploadShare(admin, {
      content: body,
      filename: 'clip.bin',
      type: 'application/octet-stream',
      fields: { s3_config_id: configId, ...fields },
    });

  async function opened(slug: string): Promise<{ view: string; download: string }> {
    const res = await openShare(server, slug);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { view: res.body.data.previewUrl ?? '', download: res.body.data.downloadUrl ?? '' };
  }

  const bytesServed = (link: string) => bytesServedOn(server, link);
  const visitCount = (fileId: string) => visitCountOn(server, fileId);

  it('one opening of a 3-view share serves its byte budget, then 410 VISIT_LINK_USED_UP', async () => {
    const file = await share({ max_views: 3 });
    const { view, download } = await opened(file.slug);
    for (let i = 0; i < FULL_DOWNLOADS_PER_VISIT; i += 1) {
      const got = await fetchAll(download);
      expect(got.status).toBe(200);
      expect(got.body.equals(content)).toBe(true);
    }
    const spent = await fetchAll(download);
    expect(spent.status).toBe(410);
    expect(spent.error).toBe('VISIT_LINK_USED_UP');
    // The preview link is the same visit, with the same budget (only the slack is left).
    const preview = await fetchAll(view, { headers: { range: `bytes=0-${SLACK}` } });
    expect(preview.error).toBe('VISIT_LINK_USED_UP');
    expect((await openShare(server, file.slug)).body.data.views).toBe(2);
  });

  it('a small share serves no more full downloads per visit than it has views left', async () => {
    // 256 KB with 3 views: three full downloads (the slack is an eighth, not 1 MiB: seven before).
    const medium = testBytes(256 * 1024, 3);
    const three = await opened((await share({ max_views: 3 }, medium)).slug);
    for (let i = 0; i < 3; i += 1) {
      expect((await fetchAll(three.download)).status).toBe(200);
    }
    expect((await fetchAll(three.download)).error).toBe('VISIT_LINK_USED_UP');

    // A 10 KB one-view secret: its page's preview and its download (about a hundred before).
    const secret = testBytes(10 * 1024, 4);
    const once = await opened((await share({ max_views: 1 }, secret)).slug);
    const preview = await fetchAll(once.view);
    expect(preview.status).toBe(200);
    expect(preview.body.equals(secret)).toBe(true);
    expect((await fetchAll(once.download)).status).toBe(200);
    expect((await fetchAll(once.download)).error).toBe('VISIT_LINK_USED_UP');

    // The last view of a 3-view share: two reads, however many the share began with.
    const last = await share({ max_views: 3 }, medium);
    await opened(last.slug);
    await opened(last.slug);
    const third = await opened(last.slug);
    for (let i = 0; i < 2; i += 1) {
      expect((await fetchAll(third.download)).status).toBe(200);
    }
    expect((await fetchAll(third.download)).error).toBe('VISIT_LINK_USED_UP');
  });

  it('a large share seeks within its size × three: ranged requests up to the budget work', async () => {
    const size = 4 * MiB;
    const big = testBytes(size, 6);
    const { view } = await opened((await share({ max_views: 10 }, big)).slug);
    for (let i = 0; i < 12; i += 1) {
      const start = (i % 4) * MiB;
      const part = await fetchAll(view, {
        headers: { range: `bytes=${start}-${start + MiB - 1}` },
      });
      expect(part.status).toBe(206);
      expect(part.body.equals(big.subarray(start, start + MiB))).toBe(true);
    }
    const slack = await fetchAll(view, { headers: { range: `bytes=0-${size / 8 - 1}` } });
    expect(slack.status).toBe(206);
    expect((await fetchAll(view, { headers: { range: 'bytes=0-0' } })).error).toBe(
      'VISIT_LINK_USED_UP',
    );
  });

  it('ranges cost their length: 206 within the budget; HEAD and 304 cost nothing', async () => {
    const file = await share({ max_views: 3 });
    const { download } = await opened(file.slug);
    const head = await fetch(download, { method: 'HEAD' });
    const etag = head.headers.get('etag') ?? '';
    for (let i = 0; i < 10; i += 1) {
      expect((await fetch(download, { method: 'HEAD' })).status).toBe(200);
      const cached = await fetchAll(download, { headers: { 'if-none-match': etag } });
      expect(cached.status).toBe(304);
    }
    for (let i = 0; i < FULL_DOWNLOADS_PER_VISIT - 1; i += 1) {
      expect((await fetchAll(download)).status).toBe(200);
    }
    const firstHalf = await fetchAll(download, { headers: { range: `bytes=0-${MiB / 2 - 1}` } });
    expect(firstHalf.status).toBe(206);
    expect(firstHalf.body.equals(content.subarray(0, MiB / 2))).toBe(true);
    const secondHalf = await fetchAll(download, { headers: { range: `bytes=${MiB / 2}-` } });
    expect(secondHalf.status).toBe(206);
    expect(secondHalf.body.equals(content.subarray(MiB / 2))).toBe(true);
    expect(await bytesServed(download)).toBe(3 * MiB);
    // The slack serves ranges (a player re-asking), but not a byte past it.
    const slack = await fetchAll(download, { headers: { range: `bytes=0-${SLACK - 1}` } });
    expect(slack.status).toBe(206);
    const oneMore = await fetchAll(download, { headers: { range: 'bytes=0-0' } });
    expect(oneMore.error).toBe('VISIT_LINK_USED_UP');
    expect((await fetch(download, { method: 'HEAD' })).status).toBe(410);
  });

  it('parallel full downloads never serve more than the budget', async () => {
    const file = await share({ max_views: 3 });
    const { download } = await opened(file.slug);
    const results = await Promise.all(Array.from({ length: 12 }, () => fetchAll(download)));
    const served = results.filter((r) => r.status === 200);
    expect(served).toHaveLength(FULL_DOWNLOADS_PER_VISIT);
    expect(served.every((r) => r.body.equals(content))).toBe(true);
    const sent = results.reduce((sum, r) => sum + (r.status === 200 ? r.body.length : 0), 0);
    expect(sent).toBeLessThanOrEqual(3 * MiB + SLACK);
    expect(results.filter((r) => r.error === 'VISIT_LINK_USED_UP')).toHaveLength(9);
    expect(await bytesServed(download)).toBe(3 * MiB);
  });

  it('bytes a client abandons go back to the budget (a player seeking elsewhere)', async () => {
    const big = testBytes(24 * MiB, 5);
    const file = await share({}, big);
    const { view } = await opened(file.slug);
    const abort = new AbortController();
    const res = await fetch(view, { headers: { range: 'bytes=0-' }, signal: abort.signal });
    expect(res.status).toBe(206);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    abort.abort();
    await reader?.cancel().catch(() => undefined);
    const firstLength: number = (first?.value as Uint8Array | undefined)?.length ?? 0;
    expect(firstLength).toBeGreaterThan(0);
    await expect
      .poll(async () => (await bytesServed(view)) ?? Infinity, { timeout: 10_000 })
      .toBeLessThan(24 * MiB);
    // What was read from storage stays counted.
    expect(await bytesServed(view)).toBeGreaterThanOrEqual(firstLength);
  });

  it('a link lives 15 minutes after its last use, 6 hours after the opening at most', async () => {
    const file = await share();
    const idle = await opened(file.slug);
    const range = { headers: { range: 'bytes=0-99' } };
    server.clock.advance(14 * MINUTE);
    expect((await fetchAll(idle.view, range)).status).toBe(206);
    server.clock.advance(14 * MINUTE);
    expect((await fetchAll(idle.view, range)).status).toBe(206);
    server.clock.advance(16 * MINUTE);
    expect((await fetchAll(idle.view, range)).error).toBe('VISIT_LINK_USED_UP');

    // A two-hour video renews its visit with every range it asks for…
    const watched = await opened(file.slug);
    for (let elapsed = 0; elapsed < 6 * 60 * MINUTE - 14 * MINUTE; elapsed += 14 * MINUTE) {
      server.clock.advance(14 * MINUTE);
      expect((await fetchAll(watched.view, range)).status).toBe(206);
    }
    // …but no visit outlives six hours.
    server.clock.advance(14 * MINUTE);
    expect((await fetchAll(watched.view, range)).error).toBe('VISIT_LINK_USED_UP');
    expect((await fetchAll((await opened(file.slug)).view, range)).status).toBe(206);
  });

  it('a new password revokes the links handed out; the new password opens again', async () => {
    const file = await share({ password: 'old-password' });
    const verify = (password: string) =>
      server.anon.post<PublicFile>(`/api/public/files/${file.slug}/verify`, { password });
    const before = await verify('old-password');
    const link = before.body.data.downloadUrl ?? '';
    expect((await fetchAll(link)).status).toBe(200);
    const changed = await admin.put(`/api/admin/files/${file.id}`, { password: 'new-password' });
    expect(changed.status).toBe(200);
    expect((await fetchAll(link)).error).toBe('VISIT_LINK_USED_UP');
    expect((await fetchAll(before.body.data.previewUrl ?? '')).status).toBe(410);
    expect((await verify('old-password')).status).toBe(401);
    const after = await verify('new-password');
    expect((await fetchAll(after.body.data.downloadUrl ?? '')).status).toBe(200);

    const cleared = await admin.put(`/api/admin/files/${file.id}`, { clear_password: true });
    expect(cleared.status).toBe(200);
    expect((await fetchAll(after.body.data.downloadUrl ?? '')).status).toBe(410);
  });

  it('new limits (max_views, expiry) revoke the links; a remark does not', async () => {
    const file = await share({ max_views: 5 });
    const first = await opened(file.slug);
    expect((await admin.put(`/api/admin/files/${file.id}`, { remark: 'hi' })).status).toBe(200);
    expect((await fetchAll(first.download)).status).toBe(200);
    expect((await admin.put(`/api/admin/files/${file.id}`, { max_views: 10 })).status).toBe(200);
    expect((await fetchAll(first.download)).error).toBe('VISIT_LINK_USED_UP');

    const second = await opened(file.slug);
    expect((await fetchAll(second.download)).status).toBe(200);
    expect((await admin.put(`/api/admin/files/${file.id}`, { expires_in: 24 })).status).toBe(200);
    expect((await fetchAll(second.download)).status).toBe(410);
    expect((await fetchAll((await opened(file.slug)).download)).status).toBe(200);
  });

  it('deleting the share ends its links and its visits; a new share on the slug is not theirs', async () => {
    const file = await share();
    const { download } = await opened(file.slug);
    expect((await admin.delete(`/api/admin/files/${file.id}`)).status).toBe(200);
    expect((await fetchAll(download)).error).toBe('FILE_NOT_FOUND');
    expect(await visitCount(file.id)).toBe(0);
    const again = await share({ slug: file.slug });
    expect(again.slug).toBe(file.slug);
    expect((await fetchAll(download)).error).toBe('VISIT_LINK_USED_UP');
  });

  it('a token opens its own share only, and forged tokens open nothing', async () => {
    const mine = await share();
    const other = await share();
    const { download } = await opened(mine.slug);
    const token = new URL(download).searchParams.get('token') ?? '';
    const foreign = `${server.baseUrl}/api/file-download/${other.slug}?token=${token}`;
    expect((await fetchAll(foreign)).error).toBe('VISIT_LINK_USED_UP');
    const forged = `${server.baseUrl}/api/file-download/${mine.slug}?token=${'A'.repeat(43)}`;
    expect((await fetchAll(forged)).error).toBe('VISIT_LINK_USED_UP');
    expect((await fetchAll(download)).status).toBe(200);
  });

  it('the owner opens without a view but with a budgeted visit, as management does', async () => {
    const file = await share({ max_views: 1 });
    const mine = await admin.get<PublicFile>(`/api/public/files/${file.slug}`);
    expect(mine.body.data.views).toBe(0);
    const link = mine.body.data.downloadUrl ?? '';
    for (let i = 0; i < FULL_DOWNLOADS_PER_VISIT; i += 1) {
      expect((await fetchAll(link)).status).toBe(200);
    }
    expect((await fetchAll(link)).error).toBe('VISIT_LINK_USED_UP');
    const managed = await admin.get<FileShare>(`/api/admin/files/${file.id}`);
    expect((await fetchAll(managed.body.data.downloadUrl ?? '')).status).toBe(200);
  });

  it('the sweeper deletes visits past their life', async () => {
    const file = await share();
    const before = await visitCount(file.id);
    await opened(file.slug);
    await opened(file.slug);
    expect(await visitCount(file.id)).toBe(before + 2);
    server.clock.advance(16 * MINUTE);
    await sweepOnce(server.deps);
    expect(await visitCount(file.id)).toBe(0);
  });
});
