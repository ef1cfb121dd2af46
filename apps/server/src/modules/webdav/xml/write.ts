import { replaceXmlForbiddenCharacters } from '@pastebox/contract/rules/xml-characters';
import { DAV_NS } from './parse';

/**
 * The XML WebDAV answers with (207 Multi-Status, DAV:error bodies), written by hand with
 * careful escaping: the DAV: namespace under the prefix `D:`, any other namespace declared
 * on the element that uses it, so a property's own XML is never put into a foreign
 * default namespace.
 *
 * Every answer written here stays well-formed whatever it shows: a character XML cannot
 * carry (a name made outside the product, in a local root or by another S3 tool, or a
 * property stored before such values were refused) is written as U+FFFD — in the
 * displayname or a value; hrefs are percent-encoded, so the entry can still be told apart.
 */

export const XML_HEADER = '<?xml version="1.0" encoding="utf-8"?>\n';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const NEEDS_ESCAPE = /[&<>"']/;

/** Text or an attribute value, escaped. */
export function escapeXml(value: string): string {
  // Testing first is cheaper than a replace that finds nothing, the common case.
  return NEEDS_ESCAPE.test(value)
    ? value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
    : value;
}

/** An element `{ns}name` around inner XML that is already XML (empty → self-closing). */
export function element(ns: string, name: string, innerXml = ''): string {
  if (ns === DAV_NS) {
    return innerXml === '' ? `<D:${name}/>` : `<D:${name}>${innerXml}</D:${name}>`;
  }
  const open = ns === '' ? `<${name} xmlns=""` : `<x:${name} xmlns:x="${escapeXml(ns)}"`;
  const close = ns === '' ? `</${name}>` : `</x:${name}>`;
  return innerXml === '' ? `${open}/>` : `${open}>${innerXml}${close}`;
}

/** A DAV: element around inner XML. */
export function dav(name: string, innerXml = ''): string {
  return element(DAV_NS, name, innerXml);
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  423: 'Locked',
  424: 'Failed Dependency',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  507: 'Insufficient Storage',
};

/** `HTTP/1.1 404 Not Found`, as a status element holds it. */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${REASONS[status] ?? ''}`.trimEnd();
}

/** The opening of a multistatus document. */
export const MULTISTATUS_OPEN = `${XML_HEADER}<D:multistatus xmlns:D="DAV:">`;
export const MULTISTATUS_CLOSE = '</D:multistatus>';

/** A response element with one status for one href (a member that failed, RFC 4918 §9.6.1). */
export function statusResponse(href: string, status: number, condition?: string): string {
  const error = condition ? dav('error', dav(condition)) : '';
  return dav(
    'response',
    `${dav('href', escapeXml(href))}${dav('status', statusLine(status))}${error}`,
  );
}

/** A whole 207 answer from response elements. */
export function multistatus(responses: string[]): Response {
  const xml = `${MULTISTATUS_OPEN}${responses.join('')}${MULTISTATUS_CLOSE}`;
  return new Response(replaceXmlForbiddenCharacters(xml), {
    status: 207,
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}

/** Responses rendered per chunk of a streamed 207: ~100 KB of XML for plain files. */
const STREAM_BATCH = 256;

/**
 * A 207 answer of `count` responses, `render(i)` writing the i-th. Up to a batch it is one
 * string; past that it streams, rendered batch by batch as the client reads, so a folder
 * of 10,000 entries is never one large string in memory.
 */
export function multistatusOf(count: number, render: (index: number) => string): Response {
  const headers = { 'Content-Type': 'application/xml; charset=utf-8' };
  if (count <= STREAM_BATCH) {
    return multistatus(Array.from({ length: count }, (_, index) => render(index)));
  }
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(MULTISTATUS_OPEN));
    },
    pull(controller) {
      const end = Math.min(count, next + STREAM_BATCH);
      let rendered = '';
      for (; next < end; next += 1) {
        rendered += render(next);
      }
      // Whole responses per batch: a surrogate pair is never split between two of them.
      const xml = replaceXmlForbiddenCharacters(rendered);
      if (next >= count) {
        controller.enqueue(encoder.encode(xml + MULTISTATUS_CLOSE));
        controller.close();
      } else {
        controller.enqueue(encoder.encode(xml));
      }
    },
  });
  return new Response(body, { status: 207, headers });
}

/** The answer of a DavHttpError: the status, and a DAV:error body when a condition is named. */
export function errorResponse(status: number, condition?: string, hrefs: readonly string[] = []) {
  if (!condition) {
    return new Response(null, { status });
  }
  const inner = hrefs.map((href) => dav('href', escapeXml(href))).join('');
  const body = `${XML_HEADER}<D:error xmlns:D="DAV:">${dav(condition, inner)}</D:error>`;
  return new Response(replaceXmlForbiddenCharacters(body), {
    status,
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
