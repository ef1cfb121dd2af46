import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../context';

/** The encodings the build writes next to each text asset (apps/web/vite.config.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

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

/** The tokens of an Accept-Encoding header that are not refused with q=0. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const refused = params.some((p) => /^q=0(?:\.0*)?$/.test(p));
    if (token && !refused) {
      accepted.add(token);
    }
  }
  return accepted;
}

/** index.html for the SPA fallback, in the best precompressed form the client accepts. */
function pickIndex(indexFile: string, acceptEncoding: string | undefined) {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (accepted.has(encoding) && fs.existsSync(indexFile + suffix)) {
      return { body: fs.readFileSync(indexFile + suffix), encoding };
    }
  }
  return { body: fs.readFileSync(indexFile), encoding: undefined };
}

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * (index.html, sw.js, the web manifest, config.js) revalidated, and any unknown non-API
 * path answered with index.html (SPA fallback). Text assets go out as the `.br` / `.gz`
 * the build wrote beside them when the client accepts it.
 */
export function staticWebRoutes(webDist: string) {
  const web = new Hono<AppEnv>();
  const indexFile = path.join(webDist, 'index.html');
  const root = path.relative(process.cwd(), webDist) || '.';

  web.use('/*', async (c, next) => {
    if (PRIVATE_PATH.test(c.req.path)) {
      return c.text('Not found', 404);
    }
    return next();
  });
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
  web.get('*', (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built: run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    const { body, encoding } = pickIndex(indexFile, c.req.header('Accept-Encoding'));
    if (fs.existsSync(indexFile + '.br') || fs.existsSync(indexFile + '.gz')) {
      c.header('Vary', 'Accept-Encoding');
    }
    if (encoding) {
      c.header('Content-Encoding', encoding);
    }
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(body));
  });
  return web;
}

/** The file a precompressed variant was made from. */
function stripEncoding(filePath: string): string {
  const variant = PRECOMPRESSED.find(({ suffix }) => filePath.endsWith(suffix));
  return variant ? filePath.slice(0, -variant.suffix.length) : filePath;
}
