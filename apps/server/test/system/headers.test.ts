import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** What every answer carries, API or page. */
function expectCommonHeaders(headers: Headers): void {
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-site');
  expect(headers.get('strict-transport-security')).toContain('max-age=');
  expect(headers.get('x-request-id')).toMatch(/^[\w\-=]+$/);
}

/**
 * An API answer is data, never a page: its policy allows nothing, and the document set is
 * not added behind it (an answer built complete is marked so, lib/answer.ts).
 */
function expectApiHeaders(headers: Headers): void {
  expectCommonHeaders(headers);
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers.get('cross-origin-opener-policy')).toBeNull();
}

/** A page gets the web app's policy and the document headers. */
function expectDocumentHeaders(headers: Headers): void {
  expectCommonHeaders(headers);
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('are sent on an API answer', async () => {
    const res = await server.anon.raw('/api/health');
    expect(res.status).toBe(200);
    expectApiHeaders(res.headers);
  });

  it('are sent on an error answer', async () => {
    const res = await server.anon.raw('/api/nope');
    expect(res.status).toBe(404);
    expectApiHeaders(res.headers);
  });

  it('are sent on an HTML page', async () => {
    const res = await server.anon.raw('/api/docs');
    expect(res.headers.get('content-type')).toContain('text/html');
    expectDocumentHeaders(res.headers);
  });

  it('are sent on a refusal thrown by a route', async () => {
    const res = await server.anon.raw('/api/admin/api-keys');
    expect(res.status).toBe(401);
    expectApiHeaders(res.headers);
  });

  it("keep a proxy's request id and replace one that cannot be trusted", async () => {
    const kept = await server.anon.raw('/api/health', { headers: { 'x-request-id': 'lb-42_a=' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-42_a=');
    const forged = await server.anon.raw('/api/health', {
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(forged.headers.get('x-request-id')).not.toContain('script');
    const again = await server.anon.raw('/api/health');
    expect(again.headers.get('x-request-id')).not.toBe(forged.headers.get('x-request-id'));
  });

  it('answer no CORS headers when no origin is allowed', async () => {
    const res = await server.anon.raw('/api/health', {
      headers: { origin: 'http://a.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS with CORS_ORIGINS=http://a.example', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: 'http://a.example' });
  });
  afterAll(async () => {
    await server.close();
  });

  const preflight = (origin: string) =>
    server.anon.raw('/api/admin/login', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });

  it('allows a preflight from the listed origin, echoing that origin', async () => {
    const res = await preflight('http://a.example');
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://a.example');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
  });

  it('gives a preflight answer the request id and the security headers', async () => {
    const res = await preflight('http://a.example');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives another origin no Access-Control-Allow-Origin', async () => {
    const res = await preflight('http://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never answers *, not even without an Origin header', async () => {
    const withOrigin = await server.anon.raw('/api/health', {
      headers: { origin: 'http://a.example' },
    });
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('http://a.example');
    const withoutOrigin = await server.anon.raw('/api/health');
    expect(withoutOrigin.headers.get('access-control-allow-origin')).not.toBe('*');
    const other = await server.anon.raw('/api/health', {
      headers: { origin: 'http://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
