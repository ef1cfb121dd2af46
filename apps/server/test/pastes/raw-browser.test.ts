import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLanguage, prefersHtml } from '@/shares/browser-request';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createPaste, uniqueSlug, viewsOf } from './builders';

const PASSWORD = 'browser-pass-1';
/** What Chromium and Firefox send when a tab navigates. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('what the Accept headers say', () => {
  it('a browser navigation prefers HTML; a script does not', () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/plain, */*')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0, */*')).toBe(false);
    expect(prefersHtml('text/html, application/json')).toBe(false);
  });

  it('the language is the first Chinese or English preference, by weight; zh-CN otherwise', () => {
    expect(pageLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(pageLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pageLanguage('zh-TW')).toBe('zh-CN');
    expect(pageLanguage('fr-FR,fr;q=0.9,en;q=0.5,zh;q=0.4')).toBe('en-US');
    expect(pageLanguage('en;q=0.3, zh;q=0.7')).toBe('zh-CN');
    expect(pageLanguage('fr')).toBe('zh-CN');
    expect(pageLanguage(undefined)).toBe('zh-CN');
  });
});

describe('GET /api/raw/{slug} opened in a browser tab', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  function browse(path: string, language = 'en-US,en;q=0.9'): Promise<Response> {
    return fetch(`${server.baseUrl}${path}`, {
      headers: { accept: BROWSER_ACCEPT, 'accept-language': language },
    });
  }

  it('a protected share without credentials: a 401 page linking to the share page', async () => {
    const paste = await createPaste(admin, { content: 'secret body', password: PASSWORD });
    const res = await browse(`/api/raw/${paste.slug}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('This share is protected');
    expect(html).toContain(`<a href="${server.baseUrl}/paste/${paste.slug}">`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('secret body');
    expect(await viewsOf(server, paste.slug)).toBe(0);
  });

  it('speaks Chinese to a Chinese browser', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const res = await browse(`/api/raw/${paste.slug}`, 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('此分享受密码保护');
    expect(html).toContain('打开分享页面');
  });

  it('the inline style is the only thing the CSP allows, by its hash', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const res = await browse(`/api/raw/${paste.slug}`);
    const html = await res.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`);
  });

  it('a script (no Accept, */*, application/json) keeps the JSON envelope', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    for (const accept of [null, '*/*', 'application/json']) {
      const res = await fetch(`${server.baseUrl}/api/raw/${paste.slug}`, {
        headers: accept === null ? {} : { accept },
      });
      expect(res.status, String(accept)).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: string }).error).toBe('WRONG_PASSWORD');
    }
  });

  it('the right password in the query still answers the text to a browser', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const res = await browse(`/api/raw/${paste.slug}?password=${PASSWORD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('secret');
  });

  it('other refusals get a page too: not found, used up, expired link', async () => {
    const missing = await browse(`/api/raw/${uniqueSlug('none')}`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('Share not found');
    expect(missingHtml).toContain(`<a href="${server.baseUrl}/">`);

    const once = await createPaste(admin, { content: 'once', maxViews: 1 });
    expect((await server.anon.raw(`/api/raw/${once.slug}`)).status).toBe(200);
    const usedUp = await browse(`/api/raw/${once.slug}`);
    expect(usedUp.status).toBe(410);
    expect(await usedUp.text()).toContain('No views left');

    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const unlocked = await server.anon.post<PasteView>(`/api/paste/${paste.slug}`, {
      password: PASSWORD,
    });
    const rawUrl = new URL(unlocked.body.data.rawUrl ?? '');
    rawUrl.searchParams.set('token', 'C'.repeat(43));
    const forged = await browse(`${rawUrl.pathname}${rawUrl.search}`);
    expect(forged.status).toBe(410);
    const forgedHtml = await forged.text();
    expect(forgedHtml).toContain('This link has expired');
    expect(forgedHtml).toContain(`<a href="${server.baseUrl}/paste/${paste.slug}">`);
  });

  it('links to PUBLIC_URL when it is set, whatever origin the request used', async () => {
    const behind = await startTestServer({ PUBLIC_URL: 'https://paste.example.com/' });
    try {
      const owner = await behind.admin();
      const paste = await createPaste(owner, { content: 'secret', password: PASSWORD });
      const res = await fetch(`${behind.baseUrl}/api/raw/${paste.slug}`, {
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(await res.text()).toContain(
        `<a href="https://paste.example.com/paste/${paste.slug}">`,
      );
      const unlocked = await behind.anon.post<PasteView>(`/api/paste/${paste.slug}`, {
        password: PASSWORD,
      });
      expect(unlocked.body.data.rawUrl).toMatch(
        new RegExp(`^https://paste\\.example\\.com/api/raw/${paste.slug}\\?token=`),
      );
    } finally {
      await behind.close();
    }
  });
});
