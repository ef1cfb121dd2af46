import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

describe('OpenAPI document and API docs', () => {
  let server: TestServer;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await server.anon.raw('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await server.close();
  });

  it('is OpenAPI 3.1 with both security schemes', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('Pastebox API');
    expect(Object.keys(doc.components?.securitySchemes ?? {})).toEqual(
      expect.arrayContaining(['AdminToken', 'ApiKey']),
    );
  });

  it('points its server at /api, so "try it out" reaches the real paths', () => {
    expect(doc.servers?.[0]?.url).toBe('/api');
  });

  it('lists the auth, API-key and system paths', () => {
    const expected: [string, string][] = [
      ['/admin/login', 'post'],
      ['/admin/logout', 'post'],
      ['/admin/change-password', 'post'],
      ['/test/admin-token', 'get'],
      ['/test/api-key', 'get'],
      ['/admin/api-keys', 'get'],
      ['/admin/api-keys', 'post'],
      ['/admin/api-keys/{id}', 'put'],
      ['/admin/api-keys/{id}', 'delete'],
      ['/health', 'get'],
      ['/version', 'get'],
      ['/system/max-upload-size', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
  });

  it('tags the API-key routes and marks them admin-only', () => {
    const list = doc.paths['/admin/api-keys']?.get;
    expect(list?.tags).toEqual(['API keys']);
    expect(list?.security).toEqual([{ AdminToken: [] }]);
  });

  it('serves the browsable docs page and its assets', async () => {
    const page = await server.anon.raw('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');

    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const res = await server.anon.raw(`/api/docs/${asset}`);
      expect(res.status, asset).toBe(200);
      expect((await res.text()).length, asset).toBeGreaterThan(10);
    }
    const missing = await server.anon.raw('/api/docs/nothing.js');
    expect(missing.status).toBe(404);
  });
});
