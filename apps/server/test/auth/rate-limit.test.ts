import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import { fromAddress } from './from-address';

const LOGIN_FAILURES_ALLOWED = 10;
const KEY_FAILURES_ALLOWED = 30;
const WINDOW_MS = 15 * 60_000;
const WRONG = { username: ADMIN.username, password: 'wrong-password' };

describe('rate limits per client address', () => {
  let server: TestServer;
  let addressCounter = 0;
  /** A fresh client address per test, so the tests' counters never meet. */
  const newClient = () => {
    addressCounter += 1;
    return fromAddress(server.baseUrl, `203.0.113.${addressCounter}`);
  };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('blocks login after 10 failures, even with the right password', async () => {
    const client = newClient();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i += 1) {
      const res = await client('POST', '/api/admin/login', { body: WRONG });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await client('POST', '/api/admin/login', { body: ADMIN });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('RATE_LIMITED');
  });

  it('counts per address: another client can still log in', async () => {
    const noisy = newClient();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i += 1) {
      await noisy('POST', '/api/admin/login', { body: WRONG });
    }
    expect((await noisy('POST', '/api/admin/login', { body: ADMIN })).status).toBe(429);
    expect((await newClient()('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200);
  });

  it('lets a blocked address try again once the window is over', async () => {
    const client = newClient();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i += 1) {
      await client('POST', '/api/admin/login', { body: WRONG });
    }
    expect((await client('POST', '/api/admin/login', { body: ADMIN })).status).toBe(429);
    server.clock.advance(WINDOW_MS);
    expect((await client('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200);
  });

  it('resets the count after a successful login', async () => {
    const client = newClient();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED - 1; i += 1) {
      await client('POST', '/api/admin/login', { body: WRONG });
    }
    expect((await client('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200);
    // Without the reset these nine more would make nineteen and the next login a 429.
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED - 1; i += 1) {
      expect((await client('POST', '/api/admin/login', { body: WRONG })).status).toBe(401);
    }
    expect((await client('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200);
  });

  it('does not count a request refused for its shape', async () => {
    const client = newClient();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED + 2; i += 1) {
      expect((await client('POST', '/api/admin/login', { body: {} })).status).toBe(400);
    }
    expect((await client('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200);
  });

  it('applies the login limit to the current-password check of change-password', async () => {
    const setup = newClient();
    const login = await setup<{ token: string }>('POST', '/api/admin/login', { body: ADMIN });
    const authorization = `Bearer ${login.body.data.token}`;
    const client = newClient();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i += 1) {
      const res = await client('POST', '/api/admin/change-password', {
        authorization,
        body: { currentPassword: 'guess', newPassword: 'another-password' },
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('VERIFICATION_FAILED');
    }
    const blocked = await client('POST', '/api/admin/change-password', {
      authorization,
      body: { currentPassword: ADMIN.password, newPassword: 'another-password' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('RATE_LIMITED');
  });

  // Issue 7 reversed this rule: a limit slows guessing, it never locks out a valid key.
  it('answers 429 to wrong keys after 30 failures, and still accepts a valid key', async () => {
    const setup = newClient();
    const login = await setup<{ token: string }>('POST', '/api/admin/login', { body: ADMIN });
    const created = await setup<{ key: string }>('POST', '/api/admin/api-keys', {
      authorization: `Bearer ${login.body.data.token}`,
      body: { name: 'rate-limited-key' },
    });
    const validKey = `ApiKey ${created.body.data.key}`;

    const client = newClient();
    expect((await client('GET', '/api/test/api-key', { authorization: validKey })).status).toBe(
      200,
    );
    for (let i = 0; i < KEY_FAILURES_ALLOWED; i += 1) {
      const res = await client('GET', '/api/test/api-key', {
        authorization: `ApiKey guess-${i}`,
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('API_KEY_INVALID');
    }
    const blocked = await client('GET', '/api/test/api-key', { authorization: 'ApiKey guess-x' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('RATE_LIMITED');
    const valid = await client('GET', '/api/test/api-key', { authorization: validKey });
    expect(valid.status).toBe(200);

    const other = newClient();
    expect((await other('GET', '/api/test/api-key', { authorization: validKey })).status).toBe(200);
    server.clock.advance(WINDOW_MS);
    expect((await client('GET', '/api/test/api-key', { authorization: validKey })).status).toBe(
      200,
    );
  });
});

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('ignores X-Forwarded-For, so a client cannot dodge the limit by forging it', async () => {
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i += 1) {
      await fromAddress(server.baseUrl, `198.51.100.${i}`)('POST', '/api/admin/login', {
        body: WRONG,
      });
    }
    const res = await fromAddress(server.baseUrl, '198.51.100.99')('POST', '/api/admin/login', {
      body: ADMIN,
    });
    expect(res.status).toBe(429);
  });
});
