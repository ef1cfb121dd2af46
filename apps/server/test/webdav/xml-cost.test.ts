import { describe, expect, it } from 'vitest';
import { DavHttpError } from '@/modules/webdav/errors';
import { XML_BODY_LIMITS } from '@/modules/webdav/xml/limits';
import { parseXmlBody } from '@/modules/webdav/xml/parse';
import type { TestServer } from '../support/test-server';
import { davFetch, propfind } from './dav-support';
import { put, serverWithDocs } from './locks-support';

/**
 * Issue 29: namespace declarations × elements cost quadratic CPU. A 111 KB PROPFIND with
 * 4,000 `xmlns:` prefixes and 8,000 elements took 3 s of CPU, a 139 KB one 26–44 s with
 * both workers blocked. Parsing is linear now, and such a body is refused before it is
 * parsed at all. CPU is compared between bodies, never against a wall-clock threshold.
 */

/** A PROPFIND naming `elements` properties spread over `prefixes` declared prefixes. */
function propfindBody(prefixes: number, elements: number): string {
  const prefix = (i: number) => `n${(i % prefixes).toString(36)}`;
  const declarations = Array.from(
    { length: prefixes },
    (_, i) => ` xmlns:${prefix(i)}="urn:${i.toString(36)}"`,
  ).join('');
  const props = Array.from({ length: elements }, (_, i) => `<${prefix(i)}:p/>`).join('');
  return `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"${declarations}><D:prop>${props}</D:prop></D:propfind>`;
}

/** The issue's two bodies: 4,000 prefixes and 8,000 elements, and the larger 139 KB one. */
const ISSUE_BODY = propfindBody(4000, 8000);
const LARGER_ISSUE_BODY = propfindBody(5000, 10_000);

/**
 * A body of an allowed shape, `n` units of everything a parse walks: elements in a few
 * namespaces, attributes, text with entities and character references, nesting.
 */
function allowedBody(n: number): string {
  const attribute = (i: number) => (i % 4 === 0 ? ` x${i % 8}:b="v&amp;${i}"` : '');
  const unit = (i: number) => `<x${i % 8}:p${attribute(i)}><q>t&#65;&lt;${i}</q></x${i % 8}:p>`;
  const declarations = Array.from({ length: 8 }, (_, i) => ` xmlns:x${i}="urn:x${i}"`).join('');
  const units = Array.from({ length: n }, (_, i) => unit(i)).join('');
  return `<D:propertyupdate xmlns:D="DAV:"${declarations}><D:set><D:prop>${units}</D:prop></D:set></D:propertyupdate>`;
}

/** Microseconds of CPU (user + system) this process spends in `work`. */
function cpuOf(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/**
 * The least CPU each of `works` took over `runs` rounds, run in turn within each round so
 * that whatever else the machine does weighs on all of them alike; the least is the run
 * least disturbed (by GC, other tests, other helpers' processes).
 */
function leastCpuOf(works: (() => unknown)[], runs = 9): number[] {
  const least = works.map(() => Infinity);
  for (let run = 0; run < runs; run += 1) {
    works.forEach((work, index) => {
      least[index] = Math.min(least[index] ?? Infinity, cpuOf(work));
    });
  }
  return least;
}

function statusOf(work: () => unknown): number | 'parsed' {
  try {
    work();
    return 'parsed';
  } catch (error) {
    if (error instanceof DavHttpError) {
      return error.status;
    }
    throw error;
  }
}

describe('parsing a WebDAV body is linear, and absurd bodies are refused before it', () => {
  it('refuses the issue bodies (111 KB and 139 KB) with 400 for their namespaces', () => {
    expect(ISSUE_BODY.length).toBeGreaterThan(100_000);
    expect(LARGER_ISSUE_BODY.length).toBeGreaterThan(ISSUE_BODY.length);
    for (const body of [ISSUE_BODY, LARGER_ISSUE_BODY]) {
      expect(() => parseXmlBody(body)).toThrow(/more than 100 namespaces/);
      expect(statusOf(() => parseXmlBody(body))).toBe(400);
    }
  });

  it('refuses them for less CPU than it takes to parse a body a tenth their size', () => {
    const small = allowedBody(Math.round(ISSUE_BODY.length / 10 / allowedBody(1).length));
    expect(small.length).toBeLessThan(ISSUE_BODY.length / 5);
    parseXmlBody(small); // warm up
    const [refusing = 0, parsing = 0] = leastCpuOf([
      () => statusOf(() => parseXmlBody(LARGER_ISSUE_BODY)),
      () => parseXmlBody(small),
    ]);
    expect(refusing).toBeLessThan(parsing);
  });

  it('spends well under quadratic CPU on bodies 2× and 4× as large (< 3×, < 6×)', () => {
    const [single, double, quadruple] = [1000, 2000, 4000].map(allowedBody);
    expect(statusOf(() => parseXmlBody(quadruple ?? ''))).toBe('parsed');
    const [one = 0, two = 0, four = 0] = leastCpuOf(
      [single, double, quadruple].map((body) => () => parseXmlBody(body ?? '')),
    );
    // Quadratic would be 4× and 16×; linear is 2× and 4×, a little more with GC.
    expect(two / one).toBeLessThan(3);
    expect(four / one).toBeLessThan(6);
  });

  it('takes up to 100 namespace declarations and refuses the 101st', () => {
    expect(statusOf(() => parseXmlBody(propfindBody(99, 200)))).toBe('parsed');
    expect(statusOf(() => parseXmlBody(propfindBody(100, 200)))).toBe(400);
    // Declared one per element, nested, the same count holds.
    const nested = (count: number) =>
      `<D:propfind xmlns:D="DAV:"><D:prop>${Array.from(
        { length: count },
        (_, i) => `<p${i}:a xmlns:p${i}="urn:${i}"/>`,
      ).join('')}</D:prop></D:propfind>`;
    expect(statusOf(() => parseXmlBody(nested(99)))).toBe('parsed');
    expect(statusOf(() => parseXmlBody(nested(101)))).toBe(400);
  });

  it('bounds the element count, the attribute count and the nesting depth', () => {
    const elements = (count: number) =>
      `<D:propfind xmlns:D="DAV:"><D:prop>${'<a/>'.repeat(count - 2)}</D:prop></D:propfind>`;
    expect(statusOf(() => parseXmlBody(elements(XML_BODY_LIMITS.elements)))).toBe('parsed');
    expect(() => parseXmlBody(elements(XML_BODY_LIMITS.elements + 1))).toThrow(/elements/);
    const attributes = (count: number) =>
      `<D:propfind xmlns:D="DAV:"><D:prop ${Array.from(
        { length: count - 1 },
        (_, i) => `a${i}="v"`,
      ).join(' ')}/></D:propfind>`;
    expect(statusOf(() => parseXmlBody(attributes(XML_BODY_LIMITS.attributes)))).toBe('parsed');
    expect(() => parseXmlBody(attributes(XML_BODY_LIMITS.attributes + 1))).toThrow(/attributes/);
    const deep = (depth: number) =>
      `<D:propfind xmlns:D="DAV:">${'<a>'.repeat(depth - 1)}${'</a>'.repeat(depth - 1)}</D:propfind>`;
    expect(statusOf(() => parseXmlBody(deep(XML_BODY_LIMITS.depth)))).toBe('parsed');
    expect(() => parseXmlBody(deep(XML_BODY_LIMITS.depth * 2))).toThrow(/deeper/);
    // 9,000 levels would overflow a recursive walk; it is refused as too deep instead.
    expect(statusOf(() => parseXmlBody(deep(9000)))).toBe(400);
  });

  it('still resolves namespaces scope by scope: inner declarations end with their element', () => {
    const root = parseXmlBody(
      '<D:propfind xmlns:D="DAV:" xmlns:p="urn:outer"><D:prop>' +
        '<p:a xmlns:p="urn:inner"><p:b/></p:a><p:c/><x xmlns="urn:d"><y xmlns=""/></x>' +
        '</D:prop></D:propfind>',
    );
    const prop = root?.children[0];
    const names = (node: unknown): string[] => {
      const element = node as { ns: string; name: string; children: unknown[] };
      return [`{${element.ns}}${element.name}`, ...element.children.flatMap(names)];
    };
    expect(names(prop)).toEqual([
      '{DAV:}prop',
      '{urn:inner}a',
      '{urn:inner}b',
      '{urn:outer}c',
      '{urn:d}x',
      '{}y',
    ]);
  });

  it('refuses an undeclared attribute prefix and the reserved prefixes rebound', () => {
    for (const body of [
      '<D:propfind xmlns:D="DAV:" q:a="1"/>',
      '<D:propfind xmlns:D="DAV:" xmlns:xml="urn:other"/>',
      '<D:propfind xmlns:D="DAV:" xmlns:xmlns="urn:other"/>',
      '<D:propfind xmlns:D="DAV:" xmlns:p=""/>',
    ]) {
      expect(
        statusOf(() => parseXmlBody(body)),
        body,
      ).toBe(400);
    }
    expect(statusOf(() => parseXmlBody('<D:propfind xmlns:D="DAV:" xml:lang="en"/>'))).toBe(
      'parsed',
    );
  });
});

describe('the issue bodies over HTTP [local]', () => {
  const docs = serverWithDocs();

  async function target(): Promise<TestServer> {
    const server = docs();
    await put(server, '/docs/target.txt', 'hello');
    return server;
  }

  it('answers them 400, and an ordinary PROPFIND after them 207', async () => {
    const server = await target();
    for (const body of [ISSUE_BODY, LARGER_ISSUE_BODY]) {
      expect((await propfind(server, '/docs/target.txt', '0', body)).status).toBe(400);
    }
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => propfind(server, '/docs/', '1', LARGER_ISSUE_BODY)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect((await propfind(server, '/docs/', '1')).status).toBe(207);
  });

  it('answers /api/health while such a body is being sent', async () => {
    const server = await target();
    const bytes = new TextEncoder().encode(LARGER_ISSUE_BODY);
    const half = Math.floor(bytes.length / 2);
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(control) {
        controller = control;
        control.enqueue(bytes.subarray(0, half));
      },
    });
    const answer = davFetch(server, 'PROPFIND', '/docs/', { headers: { Depth: '1' }, body });
    // The body is still open: the server answers others meanwhile.
    expect((await server.anon.get('/api/health')).status).toBe(200);
    controller?.enqueue(bytes.subarray(half));
    controller?.close();
    expect((await answer).status).toBe(400);
    expect((await server.anon.get('/api/health')).status).toBe(200);
  });
});
