import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '@/lib/content-disposition';
import { etagMatches, parseRange, rangeStillValid } from '@/lib/http-range';
import { deliveryHeaders, normaliseMimetype } from '@/modules/files/content-safety';
import { startTestServer, type TestServer } from '../support/test-server';

describe('contentDisposition (RFC 6266 / 5987)', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    [
      '报告 final (1).pdf',
      `attachment; filename="__ final (1).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20final%20%281%29.pdf`,
    ],
    ['a"b\\c%.txt', `attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%22b_c%25.txt`],
    ['line\r\nbreak.txt', `attachment; filename="linebreak.txt"; filename*=UTF-8''linebreak.txt`],
    [
      'invoice\u202Efdp.exe',
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    ],
    ['', `attachment; filename="download"; filename*=UTF-8''download`],
  ])('%j', (name, expected) => {
    expect(contentDisposition('attachment', name)).toBe(expected);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { kind: 'range', start: 0, end: 9 }],
    ['bytes=-100', { kind: 'range', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
    ['bytes=990-', { kind: 'range', start: 990, end: 999 }],
    ['bytes=500-5000', { kind: 'range', start: 500, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=9-0', { kind: 'none' }],
    ['bytes=0-1,5-9', { kind: 'none' }],
    ['items=0-9', { kind: 'none' }],
    [undefined, { kind: 'none' }],
  ])('%j of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('an empty file satisfies no range', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('conditional requests', () => {
  it('If-None-Match compares weakly and knows *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"x"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });

  it('If-Range keeps a range only for the same strong ETag', () => {
    expect(rangeStillValid(undefined, '"a"')).toBe(true);
    expect(rangeStillValid('"a"', '"a"')).toBe(true);
    expect(rangeStillValid('W/"a"', '"a"')).toBe(false);
    expect(rangeStillValid('Sat, 01 Jan 2026 00:00:00 GMT', '"a"')).toBe(false);
  });
});

describe('content safety', () => {
  it('stores bare, lowercase mimetypes', () => {
    expect(normaliseMimetype('Text/HTML; charset=utf-8')).toBe('text/html');
    expect(normaliseMimetype('not a type')).toBe('application/octet-stream');
    expect(normaliseMimetype(undefined)).toBe('application/octet-stream');
  });

  it.each([
    'text/html',
    'image/svg+xml',
    'application/xhtml+xml',
    'text/xml',
    'application/rss+xml',
  ])('previews %s as sandboxed text', (type) => {
    const headers = deliveryHeaders('view', type, 'x');
    expect(headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(headers['Content-Security-Policy']).toMatch(/^sandbox;/);
  });

  it('downloads what a browser cannot display, even from the preview link', () => {
    expect(deliveryHeaders('view', 'application/zip', 'a.zip')['Content-Disposition']).toMatch(
      /^attachment;/,
    );
    expect(deliveryHeaders('view', 'video/mp4', 'a.mp4')['Content-Disposition']).toMatch(
      /^inline;/,
    );
  });
});

describe('OpenAPI document', () => {
  let server: TestServer;
  let paths: Record<string, Record<string, unknown>>;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await server.anon.raw('/api/openapi.json');
    paths = ((await res.json()) as { paths: typeof paths }).paths;
  });
  afterAll(() => server.close());

  it('documents every file and upload path', () => {
    const expected: [string, string][] = [
      ['/upload', 'post'],
      ['/s3/presign', 'post'],
      ['/s3/commit', 'post'],
      ['/upload/multipart/init', 'post'],
      ['/upload/multipart/part-url', 'post'],
      ['/upload/multipart/complete', 'post'],
      ['/upload/multipart/abort', 'post'],
      ['/upload/multipart/{file_id}/parts', 'get'],
      ['/public/files/{slug}', 'get'],
      ['/public/files/{slug}/verify', 'post'],
      ['/file-view/{slug}', 'get'],
      ['/file-download/{slug}', 'get'],
      ['/admin/files', 'get'],
      ['/admin/files/batch-delete', 'post'],
      ['/admin/files/{id}', 'put'],
      ['/admin/files/{id}', 'delete'],
      ['/user/files', 'get'],
      ['/user/files/batch-delete', 'post'],
      ['/user/files/{id}', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(paths['/upload'])).toContain('multipart/form-data');
  });
});
