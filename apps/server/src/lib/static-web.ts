import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { etagMatches } from './http-range';
import { IndexDocument, PRECOMPRESSED } from './index-document';
import { answerSharePage, SHARE_PAGES, type SharePageHead } from './share-page';

/**
 * Source maps and top-level dot folders (the Vite manifest) stay on the server; SPA routes
 * such as /paste/<slug> never match, whatever the slug.
 */
const PRIVATE_PATH = /^\/assets\/.*\.map$|^\/\./;

/**
 * The service worker and its Workbox runtime (apps/web/vite.config.ts): the browser must
 * revalidate them on every check, or an installed app would never see a new version.
 */
const SERVICE_WORKER_SCRIPT = /(?:^|[\\/])(?:sw|workbox-[\w-]+)\.js$/;

/** Cache-Control for a file of the build: a year for hashed assets, else revalidate. */
function cacheControlFor(filePath: string): string {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes('/assets/');
  return hashed && !SERVICE_WORKER_SCRIPT.test(stripEncoding(filePath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * (index.html, sw.js, the web manifest, config.js) revalidated, and any unknown non-API
 * path answered with index.html (SPA fallback). Text assets go out as the `.br` / `.gz`
 * the build wrote beside them when the client accepts it. Share pages (/paste/…, /file/…,
 * /b/…) carry their share's link-preview tags when `sharePageHead` is given (issue 36).
 */
export function staticWebRoutes(webDist: string, sharePageHead?: SharePageHead) {
  const web = new Hono<AppEnv>();
  const index = new IndexDocument(path.join(webDist, 'index.html'));
  const root = path.relative(process.cwd(), webDist) || '.';

  web.use('/*', async (c, next) => {
    if (PRIVATE_PATH.test(c.req.path)) {
      return c.text('Not found', 404);
    }
    return next();
  });
  // The document of every visit, from memory; the static files below come from disk.
  web.get('/', (c) => answerIndex(c, index));
  if (sharePageHead) {
    for (const { path: pagePath, kind } of SHARE_PAGES) {
      web.get(pagePath, async (c) => {
        return (await answerSharePage(c, index, sharePageHead, kind)) ?? answerIndex(c, index);
      });
    }
  }
  web.use(
    '/*',
    serveStatic({
      root,
      // Picks `.br`, then `.gz`, by the Accept-Encoding tokens browsers send (no q-values).
      precompressed: true,
      onFound: (filePath, c) => {
        c.header('Cache-Control', cacheControlFor(filePath));
        // Caches must keep the encodings apart, the identity answer included.
        if (PRECOMPRESSED.some(({ suffix }) => fs.existsSync(stripEncoding(filePath) + suffix))) {
          c.header('Vary', 'Accept-Encoding');
        }
      },
    }),
  );
  web.get('*', (c) => answerIndex(c, index));
  return web;
}

/** The file a precompressed variant was made from. */
function stripEncoding(filePath: string): string {
  const variant = PRECOMPRESSED.find(({ suffix }) => filePath.endsWith(suffix));
  return variant ? filePath.slice(0, -variant.suffix.length) : filePath;
}

/**
 * index.html from memory, in the best encoding the client accepts, with an entity tag so
 * a revalidation (`no-cache`) costs a 304 instead of the document.
 */
function answerIndex(c: Context<AppEnv>, index: IndexDocument): Response {
  const variant = index.pick(c.req.header('Accept-Encoding'));
  if (!variant) {
    return c.text('The web app is not built: run `npm run build`.', 503);
  }
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', variant.etag);
  if (index.hasEncodings()) {
    c.header('Vary', 'Accept-Encoding');
  }
  if (etagMatches(c.req.header('If-None-Match'), variant.etag)) {
    return c.body(null, 304);
  }
  if (variant.encoding) {
    c.header('Content-Encoding', variant.encoding);
  }
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(variant.body);
}
