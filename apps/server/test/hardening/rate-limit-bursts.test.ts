import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAddress } from '../auth/from-address';
import { createKey } from '../api-keys/builders';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';

const LOGIN_TRIES = 10;
const SHARE_PASSWORD_TRIES = 20;
const KEY_FAILURES_ALLOWED = 30;
const WRONG_LOGIN = { username: ADMIN.username, password: 'wrong-password' };

/** How many answers had each status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) {
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

describe('rate limits hold under bursts (the attempt is counted before the check)', () => {
  let server: TestServer;
  let addressCounter = 0;
  const newAddress = () => {
    addressCounter += 1;
    return `198.51.100.${addressCounter}`;
  };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('200 parallel wrong logins get no more tries than 10 sequential ones', async () => {
    const client = fromAddress(server.baseUrl, newAddress());
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => client('POST', '/api/admin/login', { body: WRONG_LOGIN })),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[401]).toBe(LOGIN_TRIES);
    expect(counts[429]).toBe(200 - LOGIN_TRIES);
    // Locked for this name at this address, even with the right password…
    expect((await client('POST', '/api/admin/login', { body: ADMIN })).status).toBe(429);
    // …but not for the admin logging in from elsewhere.
    const elsewhere = fromAddress(server.baseUrl, newAddress());
    expect((await elsewhere('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200);
  });

  it('200 parallel wrong share passwords get no more tries than 20 sequential ones', async () => {
    const admin = await server.admin();
    const paste = await admin.post<{ slug: string }>('/api/paste', {
      content: 'secret',
      password: 'right-one',
    });
    const client = fromAddress(server.baseUrl, newAddress());
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        client('POST', `/api/paste/${paste.body.data.slug}`, { body: { password: 'guess' } }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[401]).toBe(SHARE_PASSWORD_TRIES);
    expect(counts[429]).toBe(200 - SHARE_PASSWORD_TRIES);
  });

  it('a right share password gives its attempt back', async () => {
    const admin = await server.admin();
    const paste = await admin.post<{ slug: string }>('/api/paste', {
      content: 'shared',
      password: 'open-sesame',
    });
    const client = fromAddress(server.baseUrl, newAddress());
    const path = `/api/paste/${paste.body.data.slug}`;
    for (let i = 0; i < SHARE_PASSWORD_TRIES + 5; i += 1) {
      const res = await client('POST', path, { body: { password: 'open-sesame' } });
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < SHARE_PASSWORD_TRIES; i += 1) {
      expect((await client('POST', path, { body: { password: 'nope' } })).status).toBe(401);
    }
    expect((await client('POST', path, { body: { password: 'nope' } })).status).toBe(429);
  });

  it('never refuses a valid API key because others guessed from the same address', async () => {
    const admin = await server.admin();
    const { key } = await createKey(admin, { text_permission: true });
    const office = newAddress();
    const client = fromAddress(server.baseUrl, office);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client('GET', '/api/test/api-key', { authorization: `ApiKey wrong-key-${i}` }),
      ),
    );
    const counts = tally(guesses.map((a) => a.status));
    expect(counts[401]).toBe(KEY_FAILURES_ALLOWED);
    expect(counts[429]).toBe(60 - KEY_FAILURES_ALLOWED);
    const valid = await client('GET', '/api/test/api-key', { authorization: `ApiKey ${key}` });
    expect(valid.status).toBe(200);
  });

  it('takes the address the trusted proxy added, not a forged left-most entry', async () => {
    const real = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_TRIES + 1; i += 1) {
      // The client writes a fresh "address" each time; the proxy appends the real one.
      const forged = fromAddress(server.baseUrl, `10.9.8.${i}, ${real}`);
      statuses.push((await forged('POST', '/api/admin/login', { body: WRONG_LOGIN })).status);
    }
    expect(statuses.slice(0, LOGIN_TRIES).every((status) => status === 401)).toBe(true);
    expect(statuses[LOGIN_TRIES]).toBe(429);
  });
});

describe('client address behind several proxies and without a trusted proxy', () => {
  it('with TRUST_PROXY_HOPS=2 the client is the second entry from the right', async () => {
    const server = await startTestServer({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_TRIES + 1; i += 1) {
        // forged, client (added by the outer proxy), outer proxy (added by the inner one)
        const caller = fromAddress(server.baseUrl, `10.0.0.${i}, 192.0.2.77, 172.16.0.${i}`);
        statuses.push((await caller('POST', '/api/admin/login', { body: WRONG_LOGIN })).status);
      }
      expect(statuses[LOGIN_TRIES - 1]).toBe(401);
      expect(statuses[LOGIN_TRIES]).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    const server = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_TRIES + 1; i += 1) {
        const caller = fromAddress(server.baseUrl, `203.0.113.${i}`);
        statuses.push((await caller('POST', '/api/admin/login', { body: WRONG_LOGIN })).status);
      }
      expect(statuses[LOGIN_TRIES]).toBe(429);
    } finally {
      await server.close();
    }
  });
});
