import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/crypto';
import { visitIdOf } from '@/shares/visits';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createPaste, openPaste, viewsOf } from './builders';

const PASSWORD = 'raw-pass-1';
const MINUTE = 60_000;
const KiB = 1024;

interface RawAnswer {
  status: number;
  text: string;
  error: string | null;
}

/** Fetches an absolute link without credentials; the error key of an envelope answer. */
async function fetchRaw(url: string, init: RequestInit = {}): Promise<RawAnswer> {
  const res = await fetch(url, init);
  const text = await res.text();
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  const error = res.status >= 400 && isJson ? (JSON.parse(text) as { error: string }).error : null;
  return { status: res.status, text, error };
}

/** A link with its token replaced (forged) or removed. */
function withToken(rawUrl: string, token: string | null): string {
  const url = new URL(rawUrl);
  if (token === null) {
    url.searchParams.delete('token');
  } else {
    url.searchParams.set('token', token);
  }
  return url.toString();
}

describe('raw links through a visit (issue 13)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  /** Opens a share as an anonymous reader and answers its raw link. */
  async function rawUrlOf(slug: string): Promise<string> {
    const res = await openPaste(server, slug);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rawUrl).toBeDefined();
    return res.body.data.rawUrl ?? '';
  }

  /** Unlocks a protected share as an anonymous reader and answers its raw link. */
  async function unlockedRawUrl(slug: string, password = PASSWORD): Promise<string> {
    const res = await server.anon.post<PasteView>(`/api/paste/${slug}`, { password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.rawUrl ?? '';
  }

  it('one reader of a 3-view share spends one view for the page and its raw link', async () => {
    const paste = await createPaste(admin, { content: 'three views', maxViews: 3 });
    const rawUrl = await rawUrlOf(paste.slug);
    expect(rawUrl).toMatch(
      new RegExp(`^${server.baseUrl}/api/raw/${paste.slug}\\?token=[0-9a-f]{12}[A-Za-z0-9_-]{43}$`),
    );
    expect(await viewsOf(server, paste.slug)).toBe(1);

    const first = await fetchRaw(rawUrl);
    expect(first).toMatchObject({ status: 200, text: 'three views' });
    expect(await viewsOf(server, paste.slug)).toBe(1);
    const again = await fetchRaw(rawUrl);
    expect(again).toMatchObject({ status: 200, text: 'three views' });
    expect(await viewsOf(server, paste.slug)).toBe(1);

    const counted = await fetchRaw(withToken(rawUrl, null));
    expect(counted).toMatchObject({ status: 200, text: 'three views' });
    expect(await viewsOf(server, paste.slug)).toBe(2);
  });

  it('the raw link of a protected share needs no password; the SPEC form still works', async () => {
    const paste = await createPaste(admin, { content: 'locked', password: PASSWORD, maxViews: 3 });
    const locked = await openPaste(server, paste.slug);
    expect(locked.body.data.rawUrl).toBeUndefined();

    const rawUrl = await unlockedRawUrl(paste.slug);
    expect(rawUrl).not.toContain('password');
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 200, text: 'locked' });
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 200, text: 'locked' });
    expect(await viewsOf(server, paste.slug)).toBe(1);

    const bare = await fetchRaw(withToken(rawUrl, null));
    expect(bare).toMatchObject({ status: 401, error: 'WRONG_PASSWORD' });
    const scripted = await server.anon.raw(`/api/raw/${paste.slug}?password=${PASSWORD}`);
    expect(scripted.status).toBe(200);
    expect(await scripted.text()).toBe('locked');
    expect(await viewsOf(server, paste.slug)).toBe(2);
  });

  it('a forged, malformed or foreign token opens nothing: 410, no content, no view', async () => {
    const paste = await createPaste(admin, { content: 'guarded', password: PASSWORD });
    const other = await createPaste(admin, { content: 'other text' });
    const otherUrl = await rawUrlOf(other.slug);
    const rawUrl = await unlockedRawUrl(paste.slug);
    const views = await viewsOf(server, paste.slug);

    const tokens = [
      'A'.repeat(43),
      'short',
      new URL(otherUrl).searchParams.get('token') ?? '',
      // The stored hash is not the token: a leaked database row opens nothing.
      sha256Hex(new URL(rawUrl).searchParams.get('token') ?? '').slice(0, 43),
    ];
    for (const token of tokens) {
      const res = await fetchRaw(withToken(rawUrl, token));
      expect(res, token).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
      expect(res.text).not.toContain('guarded');
    }
    const withPassword = await fetchRaw(`${withToken(rawUrl, 'B'.repeat(43))}&password=nope`);
    expect(withPassword).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
    expect(await viewsOf(server, paste.slug)).toBe(views);
  });

  it('visit ids grow with the time of the opening; the token carries that time', async () => {
    const paste = await createPaste(admin, { content: 'ordered' });
    const tokens: string[] = [];
    for (let opening = 0; opening < 3; opening += 1) {
      tokens.push(new URL(await rawUrlOf(paste.slug)).searchParams.get('token') ?? '');
      server.clock.advance(1);
    }
    const rows = await server.deps.db
      .selectFrom('share_visits')
      .select(['id', 'created_at'])
      .where('paste_id', '=', paste.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => row.id)).toEqual(tokens.map(visitIdOf));
    expect([...rows.map((row) => row.id)].sort()).toEqual(rows.map((row) => row.id));
    for (const [index, row] of rows.entries()) {
      const time = Date.parse(row.created_at).toString(16).padStart(12, '0');
      expect(tokens[index]?.startsWith(time)).toBe(true);
      expect(row.id).toHaveLength(64);
      expect(row.id.startsWith(time)).toBe(true);
    }
    // The time is part of what the hash covers: another time opens nothing.
    const [first] = tokens;
    const shifted = `${(Date.parse(rows[0]?.created_at ?? '') + 1).toString(16).padStart(12, '0')}${first?.slice(12)}`;
    const rawUrl = `${server.baseUrl}/api/raw/${paste.slug}?token=${first}`;
    expect(await fetchRaw(withToken(rawUrl, shifted))).toMatchObject({ status: 410 });
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 200, text: 'ordered' });
  });

  it('a link of an earlier version (a bare 43-character token) keeps opening its visit', async () => {
    const paste = await createPaste(admin, { content: 'from before' });
    const rawUrl = await rawUrlOf(paste.slug);
    const token = new URL(rawUrl).searchParams.get('token') ?? '';
    const earlier = token.slice(12);
    // The visit as an earlier version stored it: keyed by the token's SHA-256 alone.
    await server.deps.db
      .updateTable('share_visits')
      .set({ id: sha256Hex(earlier) })
      .where('id', '=', visitIdOf(token))
      .execute();
    expect(await fetchRaw(withToken(rawUrl, earlier))).toMatchObject({
      status: 200,
      text: 'from before',
    });
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('a visit lives 15 minutes after its last read, and 6 hours at most', async () => {
    const paste = await createPaste(admin, { content: 'timed', password: PASSWORD });
    const idle = await unlockedRawUrl(paste.slug);
    const used = await unlockedRawUrl(paste.slug);
    for (let elapsed = 0; elapsed < 6 * 60; elapsed += 14) {
      expect((await fetchRaw(used)).status, `after ${elapsed} minutes`).toBe(200);
      server.clock.advance(14 * MINUTE);
    }
    expect(await fetchRaw(idle)).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
    expect(await fetchRaw(used)).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
    const scripted = await fetchRaw(`${withToken(used, null)}?password=${PASSWORD}`);
    expect(scripted).toMatchObject({ status: 200, text: 'timed' });
  });

  it('a visit serves three reads of the content plus 1 MiB, then 410', async () => {
    const content = 'x'.repeat(512 * KiB);
    const paste = await createPaste(admin, { content });
    const rawUrl = await rawUrlOf(paste.slug);
    // 3 × 512 KiB + 1 MiB = exactly five full reads.
    for (let read = 0; read < 5; read += 1) {
      const res = await fetchRaw(rawUrl);
      expect(res.status).toBe(200);
      expect(res.text.length).toBe(content.length);
    }
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('changing the password or the limits revokes raw links; a remark does not', async () => {
    const paste = await createPaste(admin, { content: 'revocable', password: PASSWORD });
    const first = await unlockedRawUrl(paste.slug);
    const remark = await admin.put(`/api/admin/pastes/${paste.id}`, { remark: 'a note' });
    expect(remark.status).toBe(200);
    expect((await fetchRaw(first)).status).toBe(200);

    const changed = await admin.put(`/api/admin/pastes/${paste.id}`, { password: 'new-pass-2' });
    expect(changed.status).toBe(200);
    expect(await fetchRaw(first)).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });

    const second = await unlockedRawUrl(paste.slug, 'new-pass-2');
    await admin.put(`/api/admin/pastes/${paste.id}`, { maxViews: 10 });
    expect(await fetchRaw(second)).toMatchObject({ status: 410, error: 'VISIT_LINK_USED_UP' });
  });

  it('an expired or deleted share ends its raw links, and its visits go with it', async () => {
    const expiring = await createPaste(admin, {
      content: 'soon gone',
      expiresAt: new Date(server.clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    const expiringUrl = await rawUrlOf(expiring.slug);
    server.clock.advance(6 * MINUTE);
    expect(await fetchRaw(expiringUrl)).toMatchObject({ status: 410, error: 'SHARE_EXPIRED' });

    const deleted = await createPaste(admin, { content: 'deleted' });
    const deletedUrl = await rawUrlOf(deleted.slug);
    expect((await admin.delete(`/api/admin/pastes/${deleted.id}`)).status).toBe(200);
    expect(await fetchRaw(deletedUrl)).toMatchObject({ status: 404, error: 'PASTE_NOT_FOUND' });
    const visits = await server.deps.db
      .selectFrom('share_visits')
      .select('id')
      .where('paste_id', '=', deleted.id)
      .execute();
    expect(visits).toEqual([]);
  });

  it('the owner gets a raw link too: read without credentials, no view counted', async () => {
    const paste = await createPaste(admin, { content: 'mine', password: PASSWORD, maxViews: 1 });
    const own = await admin.get<PasteView>(`/api/paste/${paste.slug}`);
    const rawUrl = own.body.data.rawUrl ?? '';
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 200, text: 'mine' });
    expect(await viewsOf(server, paste.slug)).toBe(0);
  });

  it('parallel raw reads through one visit all succeed and count nothing', async () => {
    const paste = await createPaste(admin, { content: 'shared', maxViews: 3 });
    const rawUrl = await rawUrlOf(paste.slug);
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetchRaw(rawUrl)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('30 parallel tokenless raw reads of a 3-view share still give exactly 3 contents', async () => {
    const paste = await createPaste(admin, { content: 'scarce', maxViews: 3 });
    const rawUrl = await rawUrlOf(paste.slug);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fetchRaw(withToken(rawUrl, null))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(await viewsOf(server, paste.slug)).toBe(3);
    // The reader's own visit still reads: its view was counted when the page opened.
    expect(await fetchRaw(rawUrl)).toMatchObject({ status: 200, text: 'scarce' });
  });
});
