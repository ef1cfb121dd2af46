import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealBytes } from '@pastebox/contract/e2e/blob';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

/** What link-preview bots send when a link is pasted into a chat (issue 35). */
const PREVIEW_BOTS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'TelegramBot (like TwitterBot)',
  // iMessage's preview fetcher passes itself off as a crawler-flavoured Safari.
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
];

/**
 * Burn after reading must survive a link pasted into a chat: a preview bot fetches the
 * page's HTML (twice, some of them), which counts no view; only the page's script fetching
 * the ciphertext does.
 */
describe('an encrypted share meeting link-preview bots', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the page to every bot without spending the one view', async () => {
    const admin = await server.admin();
    const blob = encodeBase64Url(
      await sealBytes(new TextEncoder().encode('s3cret'), newFragmentKey()),
    );
    const created = await admin.post<PasteDetail>('/api/paste', {
      content: blob,
      encrypted: true,
      maxViews: 1,
    });
    const { id, slug } = created.body.data;
    for (const userAgent of PREVIEW_BOTS) {
      for (let fetch = 0; fetch < 2; fetch += 1) {
        const page = await server.anon.raw(`/paste/${slug}`, {
          headers: { 'user-agent': userAgent },
        });
        expect(page.status).toBe(200);
        expect(await page.text()).not.toContain(blob);
      }
    }
    const row = await server.deps.db
      .selectFrom('pastes')
      .select('views')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toEqual({ views: 0 });
    // The reader's script still gets the one view, and the share burns.
    const read = await server.anon.get(`/api/paste/${slug}`);
    expect(read.status).toBe(200);
    expect((await server.anon.get(`/api/paste/${slug}`)).status).toBe(404);
  });
});
