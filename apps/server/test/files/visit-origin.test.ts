import type { FileList, FileShare, PublicFile } from '@pastebox/contract/schemas/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { publicBaseUrl } from '@/lib/public-url';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';

/**
 * Visit links are absolute (issue 7): a front end on another origin, or a script, can use
 * them as they are. The origin is PUBLIC_URL, else the request's own, where forwarded
 * headers count only behind TRUST_PROXY.
 */

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'files.example.com' };

async function openWith(server: TestServer, slug: string, headers: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/api/public/files/${slug}`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: PublicFile }).data;
}

describe('absolute visit links', () => {
  let plain: TestServer;
  let proxied: TestServer;
  let admin: ApiClient;
  let slug: string;
  let proxiedSlug: string;
  beforeAll(async () => {
    plain = await startTestServer();
    proxied = await startTestServer({ TRUST_PROXY: 'true' });
    admin = await plain.admin();
    slug = (await uploadShare(admin, { content: 'abc' })).slug;
    proxiedSlug = (await uploadShare(await proxied.admin(), { content: 'abc' })).slug;
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('a plain request gets links on the origin it was sent to, and they work', async () => {
    const file = await openWith(plain, slug, {});
    expect(file.previewUrl).toMatch(new RegExp(`^${plain.baseUrl}/api/file-view/${slug}\\?token=`));
    expect(file.downloadUrl?.startsWith(`${plain.baseUrl}/api/file-download/${slug}?token=`)).toBe(
      true,
    );
    expect(await (await fetch(file.downloadUrl ?? '')).text()).toBe('abc');
  });

  it('without TRUST_PROXY, X-Forwarded-Proto and -Host are ignored', async () => {
    const file = await openWith(plain, slug, FORWARDED);
    expect(file.previewUrl?.startsWith(`${plain.baseUrl}/api/file-view/`)).toBe(true);
  });

  it('behind TRUST_PROXY, links use the forwarded origin the nearest proxy set', async () => {
    const file = await openWith(proxied, proxiedSlug, FORWARDED);
    expect(
      file.previewUrl?.startsWith(`https://files.example.com/api/file-view/${proxiedSlug}?`),
    ).toBe(true);
    const chained = await openWith(proxied, proxiedSlug, {
      'x-forwarded-proto': 'http, https',
      'x-forwarded-host': 'evil.com, files.example.com:8443',
    });
    expect(
      chained.downloadUrl?.startsWith('https://files.example.com:8443/api/file-download/'),
    ).toBe(true);
    // The path and token are those of a working link on this server.
    const local = new URL(file.downloadUrl ?? '');
    expect(await (await fetch(`${proxied.baseUrl}${local.pathname}${local.search}`)).text()).toBe(
      'abc',
    );
  });

  it('a forwarded host that is not a plain host[:port] is ignored', async () => {
    for (const host of ['evil.com/x?', 'user@evil.com', 'evil.com:99999', 'a b', 'evil.com#']) {
      const file = await openWith(proxied, proxiedSlug, { 'x-forwarded-host': host });
      expect(file.previewUrl?.startsWith(`${proxied.baseUrl}/api/file-view/`), host).toBe(true);
    }
    const badProto = await openWith(proxied, proxiedSlug, { 'x-forwarded-proto': 'javascript' });
    expect(badProto.previewUrl?.startsWith(`${proxied.baseUrl}/`)).toBe(true);
  });

  it('management and upload answers carry absolute links too', async () => {
    const uploaded = await uploadShare(admin, { content: 'xyz' });
    expect(uploaded.downloadUrl?.startsWith(`${plain.baseUrl}/api/file-download/`)).toBe(true);
    const list = await admin.get<FileList>('/api/admin/files');
    const listed = list.body.data.items.find((item) => item.id === uploaded.id);
    expect(listed?.previewUrl?.startsWith(`${plain.baseUrl}/api/file-view/`)).toBe(true);
    const one = await admin.get<FileShare>(`/api/admin/files/${uploaded.id}`);
    expect(await (await fetch(one.body.data.downloadUrl ?? '')).text()).toBe('xyz');
  });
});

describe('publicBaseUrl', () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request('http://10.0.0.5:8787/api/public/files/x', { headers });
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });

  it('prefers PUBLIC_URL, path kept and trailing slashes dropped, over any header', () => {
    const base = publicBaseUrl(
      config({ PUBLIC_URL: 'https://paste.example.org/box/', TRUST_PROXY: 'true' }),
      request(FORWARDED),
    );
    expect(base).toBe('https://paste.example.org/box');
  });

  it('takes [IPv6]:port hosts and drops default ports', () => {
    const trusted = config({ TRUST_PROXY: 'true' });
    expect(publicBaseUrl(trusted, request({ 'x-forwarded-host': '[::1]:9000' }))).toBe(
      'http://[::1]:9000',
    );
    expect(
      publicBaseUrl(
        trusted,
        request({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'Files.Example.com:443' }),
      ),
    ).toBe('https://files.example.com');
    expect(publicBaseUrl(config({}), request(FORWARDED))).toBe('http://10.0.0.5:8787');
  });
});
