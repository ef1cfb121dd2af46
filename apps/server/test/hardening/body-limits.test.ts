import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendStreamedBody } from '../support/streamed-body';
import { startTestServer, type TestServer } from '../support/test-server';
import { jsonOperations } from './openapi-operations';

const MB = 1024 * 1024;

interface RawAnswer {
  status: number;
  error: string | undefined;
}

/** A streamed body to an API route (sendStreamedBody), answered with its status and error key. */
async function sendBody(
  baseUrl: string,
  method: string,
  path: string,
  bytes: number,
  options: { chunked?: boolean } = {},
): Promise<RawAnswer> {
  const answer = await sendStreamedBody(`${baseUrl}${path}`, method, bytes, {
    ...options,
    headers: { 'content-type': 'application/json' },
  });
  let error: string | undefined;
  try {
    error = (JSON.parse(answer.text) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  return { status: answer.status, error };
}

describe('request bodies are limited before they are read', () => {
  let server: TestServer;
  let slug: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.admin();
    const paste = await admin.post<{ slug: string }>('/api/paste', { content: 'hello' });
    slug = paste.body.data.slug;
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 413 BODY_TOO_LARGE to 1.5 MB on every JSON route that does not declare more', async () => {
    const operations = await jsonOperations(server.baseUrl);
    expect(operations.length).toBeGreaterThan(20);
    const limited = operations.filter((op) => op.maxBodyBytes === undefined);
    let refusedAsTooLarge = 0;
    for (const op of limited) {
      const answer = await sendBody(server.baseUrl, op.method, op.samplePath, 1.5 * MB);
      // A guard may refuse an anonymous caller first: that is fine too, nothing was read.
      expect([401, 413], `${op.method} ${op.path}`).toContain(answer.status);
      if (answer.status === 413) {
        expect(answer.error).toBe('BODY_TOO_LARGE');
        refusedAsTooLarge += 1;
      }
    }
    // The public ones (login, share passwords, paste reads…) are the point: they say 413.
    expect(refusedAsTooLarge).toBeGreaterThan(4);
  });

  it('counts a chunked body (no Content-Length) while it arrives', async () => {
    for (const path of ['/api/admin/login', `/api/paste/${slug}`, '/api/public/files/x/verify']) {
      const answer = await sendBody(server.baseUrl, 'POST', path, 3 * MB, { chunked: true });
      expect(answer, path).toEqual({ status: 413, error: 'BODY_TOO_LARGE' });
    }
  });

  it('lets a paste route take its larger declared limit, and no more', async () => {
    const admin = await server.admin();
    const content = 'x'.repeat(2 * MB);
    const created = await admin.post('/api/paste', { content });
    expect(created.status).toBe(201);
    const huge = await sendBody(server.baseUrl, 'POST', '/api/paste', 64 * MB);
    expect(huge.status).toBe(401); // anonymous: the guard refuses before the body is read
  });

  it('keeps memory flat under eight parallel anonymous 64 MB bodies', async () => {
    const before = process.memoryUsage().rss;
    const targets = [
      '/api/admin/login',
      `/api/paste/${slug}`,
      '/api/public/files/anything/verify',
      '/api/admin/login',
    ];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sendBody(
          server.baseUrl,
          'POST',
          targets[i % targets.length] ?? '/api/admin/login',
          64 * MB,
          {
            chunked: i % 2 === 0,
          },
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: 413, error: 'BODY_TOO_LARGE' });
    }
    const grownMb = (process.memoryUsage().rss - before) / MB;
    // 8 × 64 MB buffered would be 512 MB; the limit holds each request to at most 1 MB.
    expect(grownMb).toBeLessThan(100);
    // The server still answers normally afterwards, on the same connections' pool.
    expect((await server.anon.get('/api/health')).status).toBe(200);
  });
});
