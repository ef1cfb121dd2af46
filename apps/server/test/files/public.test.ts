import type { PublicFile } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import { fromAddress } from '../auth/from-address';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { absolute, HOUR, openShare, storedViews, uploadShare } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';

const PASSWORD = 'pw-file-1';

forEachTarget('public file shares', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  // TRUST_PROXY lets one test stand for readers at many addresses (X-Forwarded-For).
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened), {
    env: { TRUST_PROXY: 'true' },
  });

  const share = (fields: Record<string, string | number> = {}, content = 'public bytes') =>
    uploadShare(admin, {
      content,
      filename: 'doc.txt',
      type: 'text/plain',
      fields: { s3_config_id: configId, ...fields },
    });

  async function fetchStatus(url: string) {
    const res = await fetch(absolute(server, url));
    await res.arrayBuffer();
    return res.status;
  }

  it('opening an open share counts one view and hands out token links', async () => {
    const file = await share({ remark: 'hello' });
    const opened = await openShare(server, file.slug);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      slug: file.slug,
      filename: 'doc.txt',
      mimetype: 'text/plain',
      size: 12,
      remark: 'hello',
      views: 1,
      max_views: 0,
      requires_password: false,
      expires_at: null,
    });
    const { previewUrl, downloadUrl } = opened.body.data;
    expect(previewUrl).toMatch(
      new RegExp(`^${server.baseUrl}/api/file-view/${file.slug}\\?token=`),
    );
    expect(downloadUrl).toMatch(
      new RegExp(`^${server.baseUrl}/api/file-download/${file.slug}\\?token=`),
    );
    const view = await fetch(absolute(server, previewUrl ?? ''));
    expect(await view.text()).toBe('public bytes');
    expect(await fetchStatus(downloadUrl ?? '')).toBe(200);
    expect((await openShare(server, file.slug)).body.data.views).toBe(2);
    expect(Object.keys(opened.body.data)).not.toContain('storage_path');
  });

  it('a protected share shows metadata only until verify; a wrong password is 401', async () => {
    const file = await share({ password: PASSWORD });
    const locked = await openShare(server, file.slug);
    expect(locked.body.data).toMatchObject({ requires_password: true, views: 0 });
    expect(locked.body.data.previewUrl).toBeUndefined();
    const wrong = await server.anon.post(`/api/public/files/${file.slug}/verify`, {
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('WRONG_PASSWORD');
    const right = await server.anon.post<PublicFile>(`/api/public/files/${file.slug}/verify`, {
      password: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect(right.body.data.views).toBe(1);
    expect(await fetchStatus(right.body.data.downloadUrl ?? '')).toBe(200);
    // Without a token, the SPEC's ?password= form works and costs a view.
    expect(await fetchStatus(`/api/file-download/${file.slug}`)).toBe(401);
    expect(await fetchStatus(`/api/file-download/${file.slug}?password=${PASSWORD}`)).toBe(200);
    expect((await openShare(server, file.slug)).body.data.views).toBe(2);
  });

  it('an expired share answers 410 on every path, tokens included', async () => {
    const file = await share({ expires_in: 1 });
    const opened = await openShare(server, file.slug);
    server.clock.advance(HOUR);
    const expired = await openShare(server, file.slug);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('SHARE_EXPIRED');
    expect(await fetchStatus(opened.body.data.previewUrl ?? '')).toBe(410);
    expect(await fetchStatus(`/api/file-download/${file.slug}`)).toBe(410);
  });

  it('a 1-view share: one visit previews and downloads with its token, then never again', async () => {
    const file = await share({ max_views: 1 });
    const opened = await openShare(server, file.slug);
    expect(opened.body.data.views).toBe(1);
    const { previewUrl = '', downloadUrl = '' } = opened.body.data;
    expect(await fetchStatus(previewUrl)).toBe(200);
    expect(await fetchStatus(downloadUrl)).toBe(200);
    // A visit of a share with one view left serves the page's preview and one download,
    // not more (issue 29: the budget no longer multiplies small files).
    expect(await fetchStatus(downloadUrl)).toBe(410);
    const again = await openShare(server, file.slug);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('VIEW_LIMIT_REACHED');
    expect(await fetchStatus(`/api/file-view/${file.slug}`)).toBe(410);
    expect(await fetchStatus(`/api/file-download/${file.slug}`)).toBe(410);
    expect(
      await fetchStatus(`/api/file-download/${file.slug}?token=1.forged-token-forged-token`),
    ).toBe(410);
    // The token ends with its hour.
    server.clock.advance(HOUR);
    expect(await fetchStatus(downloadUrl)).toBe(410);
  });

  it('50 parallel openings of a 3-view share give exactly 3 visits', async () => {
    const file = await share({ max_views: 3 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? openShare(server, file.slug).then((res) => res.status)
          : fetchStatus(`/api/file-download/${file.slug}`),
      ),
    );
    expect(results.filter((status) => status === 200)).toHaveLength(3);
    expect(results.filter((status) => status === 410)).toHaveLength(47);
    expect(await storedViews(server, file.id)).toBe(3);
  });

  it('50 parallel verifies of a protected 3-view share give exactly 3 links', async () => {
    const file = await share({ max_views: 3, password: PASSWORD });
    // Fifty readers, each at its own address (password attempts in flight count against
    // their address's limit since issue 7, so one address's burst is capped).
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fromAddress(server.baseUrl, `192.0.2.${i + 1}`)<PublicFile>(
          'POST',
          `/api/public/files/${file.slug}/verify`,
          { body: { password: PASSWORD } },
        ),
      ),
    );
    expect(results.filter((res) => res.body.data?.downloadUrl)).toHaveLength(3);
    expect(results.filter((res) => res.status === 410)).toHaveLength(47);
  });

  it('unknown and pending shares are 404; the owner opens without spending a view', async () => {
    expect((await openShare(server, 'no-such-file')).status).toBe(404);
    expect(await fetchStatus('/api/file-view/no-such-file')).toBe(404);
    const pending = await admin.post<{ slug: string }>('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'p.bin',
      size: 3,
    });
    expect((await openShare(server, pending.body.data.slug)).status).toBe(404);
    expect(await fetchStatus(`/api/file-download/${pending.body.data.slug}`)).toBe(404);
    const file = await share({ max_views: 1, password: PASSWORD });
    const mine = await admin.get<PublicFile>(`/api/public/files/${file.slug}`);
    expect(mine.body.data.downloadUrl).toBeDefined();
    expect((await openShare(server, file.slug)).body.data.views).toBe(0);
  });
});
