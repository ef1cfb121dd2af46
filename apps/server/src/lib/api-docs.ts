import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createRouter } from './openapi';

const require = createRequire(import.meta.url);

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pastebox API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });`;

/**
 * The browsable API reference at /api/docs, served from the swagger-ui-dist package so it
 * works without reaching any CDN (self-hosted installs are often offline).
 */
export function apiDocsRoutes() {
  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const docs = createRouter();
  docs.get('/', (c) => c.html(PAGE));
  // One parameter route for the page's script and the package's assets: a static path
  // beside a parameter at the same depth sends Hono from its RegExpRouter to the slower
  // TrieRouter for every request of the app (DESIGN §11).
  docs.get('/:asset', (c) => {
    const asset = c.req.param('asset');
    if (asset === 'init.js') {
      return c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' });
    }
    const type = ASSETS[asset];
    if (!type) {
      return c.notFound();
    }
    return c.body(fs.readFileSync(path.join(dist, asset)), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
  return docs;
}
