/**
 * The security headers, computed once (DESIGN §5, §11). Two sets:
 *
 * - API answers (JSON, raw text) are data, never a page: their policy allows nothing at all
 *   and forbids framing. Built into the answer by `lib/answer.ts` as a plain object, so no
 *   per-request header work is left but writing them.
 * - Everything else — the web app's pages, the API docs, WebDAV, file delivery — gets the
 *   web app's full set, added after the route answered and only where the route did not set
 *   its own (file delivery sends a sandboxing policy and allows same-origin framing).
 */

const WEB_APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self' https: http:",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Both sets share these: transport, sniffing, referrer, cross-origin reads. */
const COMMON = {
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-site',
} as const;

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': API_POLICY,
  ...COMMON,
});

/**
 * A new header object for one API answer: `API_HEADERS` and the request id, written out
 * as one object literal. A copy of a shared object that then gets a header of its own
 * (`{ ...API_HEADERS, 'x-request-id': id }`) cost about 1.5 µs on Node 20, where the
 * literal costs 0.05 (docs/performance.md, round 9). A test holds the two sets equal.
 */
export function apiHeaders(requestId: string): Record<string, string> {
  return {
    'content-security-policy': API_POLICY,
    'strict-transport-security': COMMON['strict-transport-security'],
    'x-content-type-options': COMMON['x-content-type-options'],
    'x-frame-options': COMMON['x-frame-options'],
    'referrer-policy': COMMON['referrer-policy'],
    'cross-origin-resource-policy': COMMON['cross-origin-resource-policy'],
    'x-request-id': requestId,
  };
}

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': WEB_APP_POLICY,
  ...COMMON,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const DOCUMENT_ENTRIES = Object.entries(DOCUMENT_HEADERS);

/** Adds the document set to `headers` where the route did not set a header of its own. */
export function addDocumentHeaders(headers: Headers): void {
  for (const [name, value] of DOCUMENT_ENTRIES) {
    if (!headers.has(name)) {
      headers.set(name, value);
    }
  }
}
