import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { absolute, openShare, uploadShare } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';

/**
 * DESIGN §5: user content is never served with a script type from the app's origin, where
 * the page's CSP would let it run as a script: a preview is plain text, a download opaque.
 */

const SCRIPT = 'fetch("/api/admin/api-keys").then((r) => r.text()).then(alert);';

const SCRIPT_TYPES = [
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/wasm',
  'application/vnd.example+javascript',
];

forEachTarget('script types are never served', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  /** What a browser learns from one answer: its headers and its body. */
  async function answer(url: string) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    return {
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition') ?? '',
      csp: res.headers.get('content-security-policy') ?? '',
      text: await res.text(),
    };
  }

  /** The preview and download answers of a share, through its visit links and directly. */
  async function served(slug: string) {
    const links = (await openShare(server, slug)).body.data;
    return {
      views: [
        await answer(absolute(server, links.previewUrl ?? '')),
        await answer(`${server.baseUrl}/api/file-view/${slug}`),
      ],
      downloads: [
        await answer(absolute(server, links.downloadUrl ?? '')),
        await answer(`${server.baseUrl}/api/file-download/${slug}`),
      ],
    };
  }

  it('an uploaded script previews as sandboxed plain text and downloads as octet-stream', async () => {
    for (const type of SCRIPT_TYPES) {
      const share = await uploadShare(admin, {
        content: SCRIPT,
        filename: 'evil.js',
        type,
        fields: { s3_config_id: configId },
      });
      expect(share.mimetype).toBe(type);
      const { views, downloads } = await served(share.slug);
      for (const view of views) {
        expect(view.type, type).toBe('text/plain; charset=utf-8');
        expect(view.disposition).toMatch(/^inline;/);
        expect(view.csp).toMatch(/^sandbox;/);
        expect(view.text).toBe(SCRIPT);
      }
      for (const download of downloads) {
        expect(download.type, type).toBe('application/octet-stream');
        expect(download.disposition).toMatch(/^attachment;.*evil\.js/);
        expect(download.text).toBe(SCRIPT);
      }
    }
  });

  it('a type with parameters or in capitals is still a script type', async () => {
    const share = await uploadShare(admin, {
      content: SCRIPT,
      filename: 'module.mjs',
      fields: { s3_config_id: configId, mimetype: 'Text/JavaScript; charset=utf-8' },
    });
    const { views, downloads } = await served(share.slug);
    expect(views.map((view) => view.type)).toEqual(Array(2).fill('text/plain; charset=utf-8'));
    expect(downloads.map((d) => d.type)).toEqual(Array(2).fill('application/octet-stream'));
  });
});
