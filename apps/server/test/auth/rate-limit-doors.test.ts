import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import { basic } from '../webdav/dav-support';

/**
 * Issue 30: the web login and WebDAV Basic are two doors with their own failure buckets. A
 * drive client with a stale password (Windows, davfs2 retry it) must not lock the admin out
 * of the panel, and every 429 says when to retry.
 */

const FAILURES_ALLOWED = 10;
const WINDOW_SECONDS = 15 * 60;
const WRONG_LOGIN = { username: ADMIN.username, password: 'stale-password' };
const WRONG_BASIC = basic(ADMIN.username, 'stale-password');
const RIGHT_BASIC = basic(ADMIN.username, ADMIN.password);

interface Answer {
  status: number;
  retryAfter: string | null;
  contentType: string;
  text: string;
}

async function answerOf(res: Response): Promise<Answer> {
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

describe('rate limits per door (web login vs WebDAV)', () => {
  let server: TestServer;
  let addressCounter = 0;
  /** A fresh client address per test, so the tests' counters never meet. */
  const newAddress = () => {
    addressCounter += 1;
    return `192.0.2.${addressCounter}`;
  };
  const dav = async (address: string, authorization: string) =>
    answerOf(
      await fetch(`${server.baseUrl}/dav/`, {
        method: 'PROPFIND',
        headers: { authorization, depth: '0', 'x-forwarded-for': address },
      }),
    );
  const webLogin = async (address: string, body: unknown) =>
    answerOf(
      await fetch(`${server.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      }),
    );

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a stale WebDAV password locks WebDAV (429 with Retry-After and a reason), not the panel', async () => {
    const address = newAddress();
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      expect((await dav(address, WRONG_BASIC)).status).toBe(401);
    }
    const blocked = await dav(address, RIGHT_BASIC);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBe(WINDOW_SECONDS);
    expect(blocked.contentType).toMatch(/^text\/plain/);
    expect(blocked.text).toMatch(/try again in 900 seconds/);

    const panel = await webLogin(address, ADMIN);
    expect(panel.status).toBe(200);
    // The panel's success clears only its own bucket: WebDAV stays limited for this client.
    expect((await dav(address, RIGHT_BASIC)).status).toBe(429);
  });

  it('wrong web logins lock the web login (JSON 429 with retry_after), not WebDAV', async () => {
    const address = newAddress();
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      expect((await webLogin(address, WRONG_LOGIN)).status).toBe(401);
    }
    const blocked = await webLogin(address, ADMIN);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBe(WINDOW_SECONDS);
    expect(JSON.parse(blocked.text)).toMatchObject({
      code: 429,
      success: false,
      error: 'RATE_LIMITED',
      details: [{ path: 'retry_after', message: String(WINDOW_SECONDS) }],
    });

    expect((await dav(address, RIGHT_BASIC)).status).toBe(207);
  });

  it('Retry-After counts down to the end of the window, then the door opens', async () => {
    const address = newAddress();
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      await dav(address, WRONG_BASIC);
    }
    server.clock.advance(10 * 60_000);
    const blocked = await dav(address, RIGHT_BASIC);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBe(5 * 60);
    server.clock.advance(5 * 60_000);
    expect((await dav(address, RIGHT_BASIC)).status).toBe(207);
  });

  it('200 parallel password guesses get no more tries than 10 sequential ones', async () => {
    const address = newAddress();
    // Each guess differs: the same password sent in parallel is checked once (see below).
    const guess = (i: number) => basic(ADMIN.username, `guess-${i}`);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => dav(address, guess(i))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES_ALLOWED);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - FAILURES_ALLOWED);
    expect(answers.every((a) => a.status !== 429 || Number(a.retryAfter) > 0)).toBe(true);
  });

  it('every other rate-limited route says when to retry: wrong API keys, share passwords', async () => {
    const address = newAddress();
    let keyAnswer: Answer | undefined;
    for (let i = 0; i <= 30; i += 1) {
      keyAnswer = await answerOf(
        await fetch(`${server.baseUrl}/api/test/api-key`, {
          headers: { authorization: `ApiKey guess-${i}`, 'x-forwarded-for': address },
        }),
      );
    }
    expect(keyAnswer?.status).toBe(429);
    expect(Number(keyAnswer?.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(keyAnswer?.text ?? '{}')).toMatchObject({ error: 'RATE_LIMITED' });

    const admin = await server.admin();
    const paste = await admin.post<{ slug: string }>('/api/paste', {
      content: 'secret',
      password: 'right-one',
    });
    const shareAddress = newAddress();
    let shareAnswer: Answer | undefined;
    for (let i = 0; i <= 20; i += 1) {
      shareAnswer = await answerOf(
        await fetch(`${server.baseUrl}/api/paste/${paste.body.data.slug}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': shareAddress },
          body: JSON.stringify({ password: 'guess' }),
        }),
      );
    }
    expect(shareAnswer?.status).toBe(429);
    expect(Number(shareAnswer?.retryAfter)).toBeGreaterThan(0);
  });
});

describe('a drive client opening with parallel requests', () => {
  /** rclone and Windows open with many requests at once, all with the same password. */
  const PARALLEL = 200;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('200 parallel requests with the right password on a cold start all pass: one check, one attempt', async () => {
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const res = await fetch(`${server.baseUrl}/dav/`, {
          method: 'PROPFIND',
          headers: { authorization: RIGHT_BASIC, depth: '0', 'x-forwarded-for': '198.51.100.7' },
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: PARALLEL }, () => 207));
  });
});
