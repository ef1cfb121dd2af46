import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { absolute, openShare, storedViews, testBytes, uploadShare } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';

forEachTarget('file delivery', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  const content = testBytes(1000, 11);
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  async function openedLinks(filename: string, type: string, body: string | Buffer = content) {
    const file = await uploadShare(admin, {
      content: body,
      filename,
      type,
      fields: { s3_config_id: configId },
    });
    const opened = await openShare(server, file.slug);
    return {
      view: absolute(server, opened.body.data.previewUrl ?? ''),
      download: absolute(server, opened.body.data.downloadUrl ?? ''),
      slug: file.slug,
    };
  }

  it('answers byte ranges: 206 for bytes=0-9 and a suffix, 416 past the end', async () => {
    const { download } = await openedLinks('data.bin', 'application/octet-stream');
    const first = await fetch(download, { headers: { range: 'bytes=0-9' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-9/1000');
    expect(first.headers.get('content-length')).toBe('10');
    expect(Buffer.from(await first.arrayBuffer()).equals(content.subarray(0, 10))).toBe(true);

    const suffix = await fetch(download, { headers: { range: 'bytes=-100' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe('bytes 900-999/1000');
    expect(Buffer.from(await suffix.arrayBuffer()).equals(content.subarray(900))).toBe(true);

    const open = await fetch(download, { headers: { range: 'bytes=990-' } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(10);

    const past = await fetch(download, { headers: { range: 'bytes=1000-1100' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    expect(((await past.json()) as { error: string }).error).toBe('RANGE_NOT_SATISFIABLE');

    const whole = await fetch(download);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);
  });

  it('answers 304 for a matching If-None-Match and ignores a stale If-Range', async () => {
    const { download } = await openedLinks('cache.bin', 'application/octet-stream');
    const first = await fetch(download);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const cached = await fetch(download, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    const changed = await fetch(download, { headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
    const stale = await fetch(download, { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const fresh = await fetch(download, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it('names any Unicode file with filename* (RFC 6266): inline to view, attachment to download', async () => {
    const { view, download } = await openedLinks('报告 final (1).pdf', 'application/pdf');
    const viewed = await fetch(view);
    await viewed.arrayBuffer();
    const encoded = "filename*=UTF-8''%E6%8A%A5%E5%91%8A%20final%20%281%29.pdf";
    expect(viewed.headers.get('content-disposition')).toBe(
      `inline; filename="__ final (1).pdf"; ${encoded}`,
    );
    expect(viewed.headers.get('content-type')).toBe('application/pdf');
    expect(viewed.headers.get('x-content-type-options')).toBe('nosniff');
    const downloaded = await fetch(download);
    await downloaded.arrayBuffer();
    expect(downloaded.headers.get('content-disposition')).toBe(
      `attachment; filename="__ final (1).pdf"; ${encoded}`,
    );
  });

  it('never runs HTML, SVG or XML on the app origin', async () => {
    const html = '<script>alert(document.cookie)</script>';
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['icon.svg', 'image/svg+xml'],
      ['feed.xml', 'application/xml'],
      ['page.xhtml', 'application/xhtml+xml'],
    ] as const) {
      const { view, download } = await openedLinks(name, type, html);
      const viewed = await fetch(view);
      expect(await viewed.text()).toBe(html);
      expect(viewed.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(viewed.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      expect(viewed.headers.get('x-content-type-options')).toBe('nosniff');
      const downloaded = await fetch(download);
      await downloaded.arrayBuffer();
      expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(downloaded.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    }
  });

  it('answers HEAD with the headers only and counts no view for it', async () => {
    const file = await uploadShare(admin, {
      content,
      filename: 'probe.bin',
      fields: { s3_config_id: configId, max_views: 1 },
    });
    const url = `${server.baseUrl}/api/file-download/${file.slug}`;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    const ranged = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 10-19/1000');
    const get = await fetch(url);
    expect(Buffer.from(await get.arrayBuffer()).equals(content)).toBe(true);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(410);
  });

  it('a direct download counts one view for a stranger and none for the owner', async () => {
    const file = await uploadShare(admin, {
      content,
      filename: 'direct.bin',
      fields: { s3_config_id: configId, max_views: 2 },
    });
    const path = `/api/file-download/${file.slug}`;
    const mine = await admin.raw(path);
    expect(Buffer.from(await mine.arrayBuffer()).equals(content)).toBe(true);
    const first = await server.anon.raw(path);
    expect(Buffer.from(await first.arrayBuffer()).equals(content)).toBe(true);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const second = await server.anon.raw(`/api/file-view/${file.slug}`);
    expect(second.status).toBe(200);
    await second.arrayBuffer();
    const third = await server.anon.raw(path);
    expect(third.status).toBe(410);
    expect(((await third.json()) as { error: string }).error).toBe('VIEW_LIMIT_REACHED');
    // The owner's download cost nothing: the two strangers' reads used the two views.
    expect(await storedViews(server, file.id)).toBe(2);
  });

  it('shows images inline with their type; a request without token counts a view', async () => {
    const { view, slug } = await openedLinks('pic.png', 'image/png');
    const viewed = await fetch(view);
    await viewed.arrayBuffer();
    expect(viewed.headers.get('content-type')).toBe('image/png');
    expect(viewed.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(viewed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(viewed.headers.get('cache-control')).toBe('private, no-cache');
    const direct = await fetch(`${server.baseUrl}/api/file-view/${slug}`);
    await direct.arrayBuffer();
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toBe('no-store');
    expect((await openShare(server, slug)).body.data.views).toBe(3);
  });
});
