import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealBytes } from '@pastebox/contract/e2e/blob';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSealed, sealedFile } from '../files/encrypted-builders';
import type { ApiClient } from '../support/api-client';
import { rawGet } from '../support/raw-get';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';

/** index.html as the build writes it, in the parts a share page replaces and keeps. */
const INDEX_HTML =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Pastebox — share text and files by link" />' +
  '<title>Pastebox</title><script src="/config.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** What link-preview bots send when a link is pasted into a chat (issue 36). */
const PREVIEW_BOTS = {
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  telegram: 'TelegramBot (like TwitterBot)',
  // iMessage's preview fetcher passes itself off as a crawler-flavoured Safari.
  imessage:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
} as const;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const SECRET = 'the-secret-words';

/** The content of each OpenGraph / Twitter / description tag of a page, by its key. */
function tagsOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key = '', value = ''] of html.matchAll(
    /<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    tags[key] = value;
  }
  const title = /<title>([^<]*)<\/title>/.exec(html);
  tags.title = title?.[1] ?? '';
  return tags;
}

describe('link previews of share pages (issue 36)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    server = await startTestServer({ WEB_DIST: webDist });
    admin = await server.admin();
    const local = storageTargets().find((target) => target.name === 'local');
    configId = (await local!.createConfig(admin)).id;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** The page as a bot gets it, each bot twice: the same HTML every time. */
  async function botPage(pagePath: string): Promise<string> {
    const pages = new Set<string>();
    for (const userAgent of Object.values(PREVIEW_BOTS)) {
      for (let fetch = 0; fetch < 2; fetch += 1) {
        const page = await server.anon.raw(pagePath, { headers: { 'user-agent': userAgent } });
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        // The web app's security headers stay on the page.
        expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
        pages.add(await page.text());
      }
    }
    expect(pages.size).toBe(1);
    return [...pages][0] ?? '';
  }

  /** The page as one bot gets it, once. */
  async function onePage(pagePath: string): Promise<string> {
    const page = await server.anon.raw(pagePath, { headers: { 'user-agent': PREVIEW_BOTS.slack } });
    expect(page.status).toBe(200);
    return page.text();
  }

  const paste = async (body: Record<string, unknown>) =>
    (await admin.post<PasteDetail>('/api/paste', body)).body.data;
  const pasteViews = async (id: string) =>
    (await admin.get<PasteDetail>(`/api/admin/pastes/${id}`)).body.data.views;
  const fileViews = async (id: string) =>
    (await admin.get<FileShare>(`/api/admin/files/${id}`)).body.data.views;
  const image = (fields: Record<string, string | number> = {}, filename = 'holiday.png') =>
    uploadShare(admin, {
      content: PNG,
      filename,
      type: 'image/png',
      fields: { s3_config_id: configId, ...fields },
    });

  it('shows a public paste as a snippet, to every bot, without counting a view', async () => {
    const content = `  Hello\n\n\tfrom   the chat   ${'x'.repeat(300)}`;
    const { id, slug } = await paste({ content });
    const tags = tagsOf(await botPage(`/paste/${slug}`));
    expect(tags).toMatchObject({
      title: 'Shared text',
      'og:title': 'Shared text',
      'og:site_name': 'Pastebox',
      'og:type': 'website',
      'og:url': `${server.baseUrl}/paste/${slug}`,
      'twitter:card': 'summary',
    });
    // Whitespace collapsed, about 200 characters kept.
    expect(tags['og:description']).toBe(`Hello from the chat ${'x'.repeat(180)}…`);
    expect(tags['description']).toBe(tags['og:description']);
    expect(tags['og:image']).toBeUndefined();
    expect(await pasteViews(id)).toBe(0);
  });

  it('shows only the generic card for a protected paste, and spends none of its views', async () => {
    const blob = encodeBase64Url(
      await sealBytes(new TextEncoder().encode(SECRET), newFragmentKey()),
    );
    const shares = {
      password: await paste({ content: SECRET, password: 'pw-1' }),
      viewLimit: await paste({ content: SECRET, maxViews: 1 }),
      encrypted: await paste({ content: blob, encrypted: true }),
    };
    const missing = await onePage('/paste/no-such-share');
    for (const share of Object.values(shares)) {
      // Every bot, twice, where a counted view would show: the view-limited share.
      const html = await (share === shares.viewLimit ? botPage : onePage)(`/paste/${share.slug}`);
      expect(html).not.toContain(SECRET);
      expect(html).not.toContain(blob.slice(0, 40));
      const tags = tagsOf(html);
      expect(tags).toMatchObject({
        title: 'A shared text on Pastebox',
        'og:site_name': 'Pastebox',
      });
      expect(tags['og:description']).toBeUndefined();
      // A protected share reads exactly like a missing one, apart from its own address.
      expect(html.replaceAll(share.slug, 'no-such-share')).toBe(missing);
      expect(await pasteViews(share.id)).toBe(0);
    }
    // The one view of the limited share is still there for its reader.
    const read = await server.anon.get<PasteDetail>(`/api/paste/${shares.viewLimit.slug}`);
    expect(read.status).toBe(200);
    expect(read.body.data.content).toBe(SECRET);
  });

  it('escapes a hostile text and file name', async () => {
    const text = await paste({ content: '</title><script>alert(1)</script>"\'&' });
    const file = await image({}, "<img src=x onerror=alert(1)>&'.png");
    const pages = {
      [`/paste/${text.slug}`]:
        '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;',
      [`/file/${file.slug}`]: '&lt;img src=x onerror=alert(1)&gt;&amp;&#39;.png',
    };
    for (const [pagePath, escaped] of Object.entries(pages)) {
      const html = await onePage(pagePath);
      expect(html).not.toMatch(/<script>alert|<img src=x/);
      expect(html).toContain(escaped);
      expect(html.match(/<title>/g)).toHaveLength(1);
    }
  });

  it('shows a public image file with its name, size, type and image', async () => {
    const file = await image();
    const tags = tagsOf(await onePage(`/file/${file.slug}`));
    const imageUrl = `${server.baseUrl}/api/link-preview/image/${file.slug}`;
    expect(tags).toMatchObject({
      title: 'holiday.png',
      'og:title': 'holiday.png',
      'og:description': `${PNG.length} B · image/png`,
      'og:url': `${server.baseUrl}/file/${file.slug}`,
      'og:image': imageUrl,
      'twitter:image': imageUrl,
      'twitter:card': 'summary_large_image',
    });
    const served = await fetch(imageUrl, { headers: { 'user-agent': PREVIEW_BOTS.discord } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(await fileViews(file.id)).toBe(0);
  });

  it('shows only the generic card for a protected file, and refuses its image', async () => {
    const sealed = await sealedFile(64, 'secret plans.png');
    const encrypted = await postSealed(admin, configId, sealed);
    expect(encrypted.status).toBe(201);
    const files = [
      await image({ password: 'pw-2' }, 'secret plans.png'),
      await image({ max_views: 2 }, 'secret plans.png'),
      encrypted.body.data,
    ];
    for (const file of files) {
      const html = await (file === files[1] ? botPage : onePage)(`/file/${file.slug}`);
      expect(html).not.toContain('secret plans');
      const tags = tagsOf(html);
      expect(tags.title).toBe('A shared file on Pastebox');
      expect(tags['og:image']).toBeUndefined();
      expect(tags['og:description']).toBeUndefined();
      const refused = await server.anon.raw(`/api/link-preview/image/${file.slug}`);
      expect(refused.status).toBe(404);
      expect(await fileViews(file.id)).toBe(0);
    }
    expect((await server.anon.raw('/api/link-preview/image/no-such-share')).status).toBe(404);
  });

  it('shows a public bundle by its title and number of files', async () => {
    const files = [await image(), await image()];
    const created = await admin.post<{ slug: string }>('/api/admin/bundles', {
      file_ids: files.map((file) => file.id),
      title: 'Trip photos',
    });
    expect(created.status).toBe(201);
    const tags = tagsOf(await onePage(`/b/${created.body.data.slug}`));
    expect(tags).toMatchObject({ title: 'Trip photos', 'og:description': '2 files' });

    const sealed = await postSealed(admin, configId, await sealedFile(64, 'secret plans.png'));
    const encrypted = await admin.post<{ slug: string }>('/api/admin/bundles', {
      file_ids: [sealed.body.data.id],
      title: 'Sealed trip',
    });
    expect(encrypted.status).toBe(201);
    const sealedPage = await onePage(`/b/${encrypted.body.data.slug}`);
    expect(sealedPage).not.toContain('Sealed trip');
    expect(tagsOf(sealedPage)['og:description']).toBeUndefined();
  });

  it('shows no snippet, name or image while the setting is off', async () => {
    const text = await paste({ content: SECRET });
    const file = await image({}, 'secret plans.png');
    const off = await admin.put('/api/admin/system-settings', { link_preview_snippets: false });
    expect(off.body.data).toMatchObject({ link_preview_snippets: false });
    try {
      const textPage = await onePage(`/paste/${text.slug}`);
      expect(textPage).not.toContain(SECRET);
      expect(tagsOf(textPage).title).toBe('A shared text on Pastebox');
      const filePage = await onePage(`/file/${file.slug}`);
      expect(filePage).not.toContain('secret plans');
      expect(tagsOf(filePage)['og:image']).toBeUndefined();
      expect((await server.anon.raw(`/api/link-preview/image/${file.slug}`)).status).toBe(404);
    } finally {
      await admin.put('/api/admin/system-settings', { link_preview_snippets: true });
    }
    expect(await onePage(`/paste/${text.slug}`)).toContain(SECRET);
  });

  it('speaks Chinese to a Chinese browser and revalidates', async () => {
    const { slug } = await paste({ content: 'x'.repeat(1000) });
    const url = `${server.baseUrl}/paste/${slug}`;
    const headers = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8', 'accept-encoding': 'br' };
    const page = await rawGet(url, headers);
    // A few KiB that fit the first round trip: not worth compressing per request.
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers.vary).toBe('Accept-Language');
    const html = page.body.toString('utf8');
    expect(tagsOf(html)).toMatchObject({
      title: '分享的文本',
      'og:locale': 'zh_CN',
    });
    const again = await rawGet(url, { ...headers, 'if-none-match': page.headers.etag ?? '' });
    expect(again.status).toBe(304);
  });
});
