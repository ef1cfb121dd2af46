import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredPastes } from '@/modules/pastes/service';
import { fromAddress } from '../auth/from-address';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createPaste, fromNow, HOUR, openPaste, viewsOf } from './builders';

const PASSWORD = 'pw-limits-1';

describe('expiry and view limits', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    // TRUST_PROXY lets one test stand for readers at many addresses (X-Forwarded-For).
    server = await startTestServer({ TRUST_PROXY: 'true' });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('an expired share answers 410 SHARE_EXPIRED everywhere, raw included', async () => {
    const open = await createPaste(admin, { expiresAt: fromNow(server, HOUR) });
    const locked = await createPaste(admin, {
      expiresAt: fromNow(server, HOUR),
      password: PASSWORD,
    });
    expect((await openPaste(server, open.slug)).status).toBe(200);

    server.clock.advance(HOUR);
    const calls = [
      openPaste(server, open.slug),
      openPaste(server, locked.slug),
      server.anon.post(`/api/paste/${locked.slug}`, { password: PASSWORD }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(410);
      expect(res.body.error).toBe('SHARE_EXPIRED');
    }
    const raw = await server.anon.raw(`/api/raw/${open.slug}`);
    expect(raw.status).toBe(410);
    expect(((await raw.json()) as { error: string }).error).toBe('SHARE_EXPIRED');
    const rawLocked = await server.anon.raw(`/api/raw/${locked.slug}?password=${PASSWORD}`);
    expect(rawLocked.status).toBe(410);
    expect(await viewsOf(server, open.slug)).toBe(1);
  });

  it('a 1-view share is read once, then answers 410 VIEW_LIMIT_REACHED, raw too', async () => {
    const paste = await createPaste(admin, { content: 'once', maxViews: 1 });
    const first = await openPaste(server, paste.slug);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ content: 'once', views: 1, maxViews: 1 });

    const second = await openPaste(server, paste.slug);
    expect(second.status).toBe(410);
    expect(second.body.error).toBe('VIEW_LIMIT_REACHED');
    const raw = await server.anon.raw(`/api/raw/${paste.slug}`);
    expect(raw.status).toBe(410);
    expect(((await raw.json()) as { error: string }).error).toBe('VIEW_LIMIT_REACHED');
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('the raw link spends the views of a limited share like any reader', async () => {
    const paste = await createPaste(admin, { content: 'twice', maxViews: 2 });
    expect((await server.anon.raw(`/api/raw/${paste.slug}`)).status).toBe(200);
    expect((await openPaste(server, paste.slug)).status).toBe(200);
    expect((await server.anon.raw(`/api/raw/${paste.slug}`)).status).toBe(410);
  });

  it('a protected 1-view share: metadata reads are free, the unlock spends the view', async () => {
    const paste = await createPaste(admin, { content: 'once', maxViews: 1, password: PASSWORD });
    expect((await openPaste(server, paste.slug)).status).toBe(200);
    expect((await openPaste(server, paste.slug)).status).toBe(200);
    const unlocked = await server.anon.post<PasteView>(`/api/paste/${paste.slug}`, {
      password: PASSWORD,
    });
    expect(unlocked.body.data.content).toBe('once');
    const again = await server.anon.post(`/api/paste/${paste.slug}`, { password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('VIEW_LIMIT_REACHED');
    expect((await openPaste(server, paste.slug)).status).toBe(410);
  });

  it('50 parallel reads of a 3-view share give exactly 3 successes', async () => {
    const paste = await createPaste(admin, { content: 'scarce', maxViews: 3 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? openPaste(server, paste.slug).then((res) => res.status)
          : server.anon.raw(`/api/raw/${paste.slug}`).then(async (res) => {
              await res.arrayBuffer();
              return res.status;
            }),
      ),
    );
    expect(results.filter((status) => status === 200)).toHaveLength(3);
    expect(results.filter((status) => status === 410)).toHaveLength(47);
    expect(await viewsOf(server, paste.slug)).toBe(3);
  });

  it('50 parallel unlocks of a protected 3-view share give exactly 3 contents', async () => {
    const paste = await createPaste(admin, { content: 'scarce', maxViews: 3, password: PASSWORD });
    // Fifty readers, each at its own address: from one address, password attempts in flight
    // count against that address's limit (issue 7), so a burst from one reader is capped.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fromAddress(server.baseUrl, `192.0.2.${i + 1}`)<PasteView>(
          'POST',
          `/api/paste/${paste.slug}`,
          { body: { password: PASSWORD } },
        ),
      ),
    );
    const delivered = results.filter((res) => res.body.data?.content === 'scarce');
    expect(delivered).toHaveLength(3);
    expect(results.filter((res) => res.status === 410)).toHaveLength(47);
    expect(await viewsOf(server, paste.slug)).toBe(3);
  });
});

describe('sweepExpiredPastes', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('deletes expired and exhausted shares and keeps the live ones', async () => {
    const expiring = await createPaste(admin, { expiresAt: fromNow(server, HOUR) });
    const exhausted = await createPaste(admin, { maxViews: 1 });
    const limited = await createPaste(admin, { maxViews: 2 });
    const later = await createPaste(admin, { expiresAt: fromNow(server, 3 * HOUR) });
    const forever = await createPaste(admin);
    await openPaste(server, exhausted.slug);
    await openPaste(server, limited.slug);
    server.clock.advance(HOUR);

    expect(await sweepExpiredPastes(server.deps)).toBe(2);
    const left = await server.deps.db.selectFrom('pastes').select('slug').execute();
    const slugs = left.map((row) => row.slug);
    expect(slugs).not.toContain(expiring.slug);
    expect(slugs).not.toContain(exhausted.slug);
    expect(slugs).toEqual(expect.arrayContaining([limited.slug, later.slug, forever.slug]));
    expect((await openPaste(server, expiring.slug)).status).toBe(404);
    expect(await sweepExpiredPastes(server.deps)).toBe(0);
  });
});
