import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../context';

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * revalidated, and any unknown non-API path answered with index.html (SPA fallback).
 */
export function staticWebRoutes(webDist: string) {
  const web = new Hono<AppEnv>();
  const indexFile = path.join(webDist, 'index.html');
  const root = path.relative(process.cwd(), webDist) || '.';

  web.use(
    '/*',
    serveStatic({
      root,
      onFound: (filePath, c) => {
        const hashed =
          filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes('/assets/');
        c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  web.get('*', (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built: run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  return web;
}
