import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '@/lib/errors';
import type { HostResolver } from '@/lib/net/resolve-target';
import { safeFetch, withoutCredentials } from '@/lib/safe-fetch';
import { startOrigin, type TestOrigin } from './origin';

// No database and no server: named for SQLite so that it runs once, not once per database.

let origin: TestOrigin;
beforeAll(async () => {
  origin = await startOrigin();
});
afterAll(async () => {
  await origin.close();
});

/** The AppError key a promise rejects with. */
async function errorKeyOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return isAppError(error) ? error.key : `not an AppError: ${String(error)}`;
  }
  return 'resolved';
}

const open = { allowPrivate: true } as const;

describe('safeFetch against a local origin (private addresses allowed)', () => {
  it('follows up to 5 redirects and refuses the 6th', async () => {
    const five = await safeFetch(`${origin.url}/redirect/5`, open);
    expect(five.redirects).toBe(5);
    expect(five.url.pathname).toBe('/files/photo.bin');
    const bytes = Buffer.concat((await five.body.toArray()) as Buffer[]);
    expect(bytes.equals(origin.photo)).toBe(true);

    const before = origin.requests.length;
    expect(await errorKeyOf(safeFetch(`${origin.url}/redirect/6`, open))).toBe(
      'URL_TOO_MANY_REDIRECTS',
    );
    // Six redirect answers were read; the seventh hop was never requested.
    expect(origin.requests.length - before).toBe(6);
  });

  it('checks every hop: a redirect to another scheme is refused', async () => {
    for (const location of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1/']) {
      const url = `${origin.url}/redirect-to?location=${encodeURIComponent(location)}`;
      expect(await errorKeyOf(safeFetch(url, open))).toBe('URL_NOT_ALLOWED');
    }
  });

  it('gives up on a server that never answers, and on one that goes silent', async () => {
    const started = Date.now();
    expect(
      await errorKeyOf(safeFetch(`${origin.url}/slow-headers`, { ...open, headersTimeoutMs: 300 })),
    ).toBe('URL_FETCH_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);

    const silent = await safeFetch(`${origin.url}/slow-body`, { ...open, idleTimeoutMs: 300 });
    expect(silent.status).toBe(200);
    expect(await errorKeyOf(text(silent.body))).toBe('URL_FETCH_TIMEOUT');
  });

  it('refuses a body over the limit up front when its length is announced', async () => {
    const url = `${origin.url}/large?size=${2 * 1024 * 1024}`;
    expect(await errorKeyOf(safeFetch(url, { ...open, maxBytes: 1024 * 1024 }))).toBe(
      'FILE_TOO_LARGE',
    );
  });

  it('stops a body without Content-Length at the limit while it streams', async () => {
    const url = `${origin.url}/large?size=${8 * 1024 * 1024}&length=no`;
    const response = await safeFetch(url, { ...open, maxBytes: 1024 * 1024 });
    expect(response.contentLength).toBeNull();
    let received = 0;
    const reading = (async () => {
      for await (const chunk of response.body) {
        received += (chunk as Buffer).length;
      }
    })();
    expect(await errorKeyOf(reading)).toBe('FILE_TOO_LARGE');
    expect(received).toBeLessThanOrEqual(1024 * 1024);
  });

  it('answers a failed connection with URL_FETCH_FAILED', async () => {
    const closed = await startOrigin();
    const url = `${closed.url}/files/photo.bin`;
    await closed.close();
    expect(await errorKeyOf(safeFetch(url, open))).toBe('URL_FETCH_FAILED');
  });

  it('never puts URL credentials into what it answers', () => {
    expect(withoutCredentials(new URL('https://user:secret@example.com/a?b=1'))).toBe(
      'https://example.com/a?b=1',
    );
  });
});

describe('safeFetch address checks', () => {
  const resolverTo =
    (...addresses: string[]): HostResolver =>
    () =>
      Promise.resolve(
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  it('connects to the address it checked, not to a second DNS answer', async () => {
    // "pinned.test" exists only in this resolver: reaching the origin proves the socket
    // went to the checked address, with the name kept in the Host header.
    const response = await safeFetch(`http://pinned.test:${origin.port}/files/photo.bin`, {
      ...open,
      resolver: resolverTo('127.0.0.1'),
    });
    expect(response.status).toBe(200);
    response.discard();
    expect(origin.requests.at(-1)?.host).toBe(`pinned.test:${origin.port}`);
  });

  it('refuses a name resolving to loopback, or to any private address among public ones', async () => {
    const connections = origin.connections;
    const strict = { allowPrivate: false };
    const loopback = resolverTo('127.0.0.1');
    const mixed = resolverTo('93.184.216.34', '10.0.0.7');
    const mapped = resolverTo('::ffff:127.0.0.1');
    for (const resolver of [loopback, mixed, mapped]) {
      const url = `http://rebind.test:${origin.port}/files/photo.bin`;
      expect(await errorKeyOf(safeFetch(url, { ...strict, resolver }))).toBe('URL_NOT_ALLOWED');
    }
    expect(origin.connections).toBe(connections);
  });

  it('answers an unknown host with URL_FETCH_FAILED', async () => {
    const failing: HostResolver = () => Promise.reject(new Error('ENOTFOUND'));
    expect(
      await errorKeyOf(
        safeFetch('https://nowhere.test/', { allowPrivate: false, resolver: failing }),
      ),
    ).toBe('URL_FETCH_FAILED');
  });
});
