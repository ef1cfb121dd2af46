import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { etagMatches } from './http-range';
import type { IndexDocument } from './index-document';

/** The share pages of the web app (apps/web/src/app/router.tsx) and the kind each shows. */
export const SHARE_PAGES = [
  { path: '/paste/:slug', kind: 'paste' },
  { path: '/file/:slug', kind: 'file' },
  { path: '/b/:slug', kind: 'bundle' },
] as const;

export type SharePageKind = (typeof SHARE_PAGES)[number]['kind'];

/**
 * The tags a share page's <head> carries (title, OpenGraph, Twitter card), written by the
 * previews module and handed in by app.ts: lib/ imports no module.
 */
export type SharePageHead = (
  c: Context<AppEnv>,
  share: { kind: SharePageKind; slug: string },
) => Promise<string>;

/** index.html cut where a share page's own tags go, its generic title and description out. */
interface PageTemplate {
  before: string;
  after: string;
}

/** One template per loaded index.html: a rebuild loads new bytes, and so a new key. */
const templates = new WeakMap<Uint8Array, PageTemplate | null>();

function templateOf(plain: Uint8Array): PageTemplate | null {
  let template = templates.get(plain);
  if (template === undefined) {
    const html = Buffer.from(plain)
      .toString('utf8')
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
    const end = html.search(/<\/head>/i);
    template = end < 0 ? null : { before: html.slice(0, end), after: html.slice(end) };
    templates.set(plain, template);
  }
  return template;
}

/**
 * A share page: index.html with the share's tags in its <head>, for the link-preview bots
 * of chat apps, which read the HTML and run no script (issue 36). The document differs per
 * share and per moment, so it is put together per request, and sent uncompressed: at
 * about 2.5 KiB it fits the first round trip either way, and compressing it cost more CPU
 * than the rest of the answer (docs/link-previews.md). Null when index.html has no <head>
 * to fill: the caller answers the plain document.
 */
export async function answerSharePage(
  c: Context<AppEnv>,
  index: IndexDocument,
  head: SharePageHead,
  kind: SharePageKind,
): Promise<Response | null> {
  const plain = index.variants()?.at(-1);
  const template = plain ? templateOf(plain.body) : null;
  if (!template) {
    return null;
  }
  let tags: string;
  try {
    tags = await head(c, { kind, slug: c.req.param('slug') ?? '' });
  } catch (error) {
    // The page itself still opens (its script reports the outage); only the card is lost.
    c.get('deps').logger.warn({ err: error, path: c.req.path }, 'share page without its tags');
    return null;
  }
  const html = Buffer.from(`${template.before}\n    ${tags}\n  ${template.after}`);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', etag);
  // The tags are in the reader's language; the bytes are the same for every encoding.
  c.header('Vary', 'Accept-Language');
  if (etagMatches(c.req.header('If-None-Match'), etag)) {
    return c.body(null, 304);
  }
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(html));
}
