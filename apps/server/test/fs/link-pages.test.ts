import type { FileLinkResult } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { openShare, uploadShare } from '../uploads/builders';
import { mountOn } from '../vfs/support';
import { bytes, fsUrl } from './fs-support';

/**
 * Links a person opens (issue 30): a signed file link of the explorer and the download and
 * preview links of a file share, tampered with or expired, show a browser the refusal
 * page that raw paste links show — in its language — while scripts keep the envelope.
 * Local storage only: an S3 link's refusal is the S3 server's own.
 */

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const local = storageTargets().find((target) => target.name === 'local');

function browse(url: string, language: string): Promise<Response> {
  return fetch(url, { headers: { accept: BROWSER_ACCEPT, 'accept-language': language } });
}

/** What a script gets: the status and the envelope's key, never a page. */
async function envelopeOf(url: string, accept?: string): Promise<[number, string]> {
  const res = await fetch(url, accept ? { headers: { accept } } : {});
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return [res.status, ((await res.json()) as { error: string }).error];
}

function tamper(url: string, param: string): string {
  const changed = new URL(url);
  const value = changed.searchParams.get(param) ?? '';
  changed.searchParams.set(param, `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`);
  return changed.toString();
}

describe('refusals of links a person opens', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    server = await startTestServer();
    admin = await server.admin();
    const docs = await mountOn(server, admin, local, { mountPath: '/docs' });
    configId = docs.configId;
    await docs.driver.put('report.txt', bytes('the report'), { contentType: 'text/plain' });
  });
  afterAll(() => server.close());

  async function signedLink(expiresIn: number): Promise<string> {
    const res = await admin.get<FileLinkResult>(
      fsUrl(admin, 'file-link', { path: '/docs/report.txt', expires_in: String(expiresIn) }),
    );
    expect(res.status).toBe(200);
    return res.body.data.url;
  }

  it('a tampered signed link: a 403 page in either language; scripts get the envelope', async () => {
    const bad = tamper(await signedLink(600), 'sig');
    const en = await browse(bad, 'en-US,en;q=0.9');
    expect(en.status).toBe(403);
    expect(en.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(en.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await en.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('This link is not valid');
    expect(html).toContain(`<a href="${server.baseUrl}/">Go to the home page</a>`);
    expect(html).not.toContain('the report');
    const zh = await (await browse(bad, 'zh-CN,zh;q=0.9')).text();
    expect(zh).toContain('此链接无效');
    expect(zh).toContain('返回首页');
    for (const accept of [undefined, '*/*', 'application/json']) {
      expect(await envelopeOf(bad, accept), String(accept)).toEqual([403, 'SIGNED_URL_INVALID']);
    }
  });

  it('an expired signed link: a page saying so; scripts get the envelope', async () => {
    const url = await signedLink(1);
    server.clock.advance(2000);
    const page = await browse(url, 'en-US');
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('This link has expired');
    expect(await (await browse(url, 'zh-CN')).text()).toContain('此链接已过期');
    expect(await envelopeOf(url)).toEqual([403, 'SIGNED_URL_EXPIRED']);
  });

  it("a file share's visit link used up or tampered with leads to the share's page", async () => {
    const share = await uploadShare(admin, {
      content: Buffer.from('shared bytes'),
      filename: 'shared.txt',
      type: 'text/plain',
      fields: { s3_config_id: configId },
    });
    const opened = await openShare(server, share.slug);
    expect(opened.status).toBe(200);
    const links = [opened.body.data.downloadUrl ?? '', opened.body.data.previewUrl ?? ''];
    for (const link of links) {
      const bad = tamper(new URL(link, server.baseUrl).toString(), 'token');
      const page = await browse(bad, 'en-US');
      expect(page.status, link).toBe(410);
      const html = await page.text();
      expect(html).toContain('This link has expired');
      expect(html).toContain(`<a href="${server.baseUrl}/file/${share.slug}">`);
      expect(await envelopeOf(bad)).toEqual([410, 'VISIT_LINK_USED_UP']);
    }
    const gone = await browse(`${server.baseUrl}/api/file-download/no-such-share`, 'zh-CN');
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('分享不存在');
  });
});
