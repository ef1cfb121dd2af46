import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';

// Bytes on the wire of a first visit, as Chromium counts them. The page's own requests come
// from the DevTools protocol (Network.loadingFinished's encodedDataLength: headers plus the
// body as sent, compressed), as apps/web/e2e/bundle-budget.e2e.ts counts them. The service
// worker is a target of its own that the page's session does not see, so what it downloads
// (Workbox's precache on install) is taken from Playwright's request events, which include
// service-worker requests, with their sizes (headers plus encoded body).

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The journeys' flags (apps/web/e2e/support/browser.ts): no background traffic of its own. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium in a fresh temporary profile (playwright-core makes one per launch). */
export function launchChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** The page's requests as the DevTools protocol reports them, once the load is over. */
async function watchPageNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  const entry = (id) => byId.get(id) ?? byId.set(id, { url: '?', bytes: 0 }).get(id);
  cdp.on('Network.requestWillBeSent', (event) => {
    entry(event.requestId).url = event.request.url;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = entry(event.requestId);
    request.status = event.response.status;
    // Answered by the service worker (from its cache, or fetched by it: counted there).
    request.fromServiceWorker = event.response.fromServiceWorker === true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = entry(event.requestId);
    request.bytes = event.encodedDataLength;
    request.finished = true;
  });
  cdp.on('Network.loadingFailed', (event) => {
    entry(event.requestId).failed = event.errorText;
  });
  return () => [...byId.values()].filter((request) => request.finished || request.failed);
}

/** What the service worker fetched, with Playwright's byte counts. */
function watchServiceWorkerNetwork(context) {
  const sizes = [];
  const failures = [];
  context.on('requestfinished', (request) => {
    if (request.serviceWorker()) {
      sizes.push(
        Promise.all([request.sizes(), request.response()]).then(([size, response]) => ({
          url: request.url(),
          status: response?.status() ?? 0,
          bytes: size.responseHeadersSize + size.responseBodySize,
        })),
      );
    }
  });
  context.on('requestfailed', (request) => {
    if (request.serviceWorker()) {
      failures.push({ url: request.url(), failed: request.failure()?.errorText ?? 'failed' });
    }
  });
  return async () => [...(await Promise.all(sizes)), ...failures];
}

/** Resolves once the page's service worker is active (precache done), or after `ms`. */
function serviceWorkerReady(page, ms) {
  return page.evaluate(
    (timeout) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), timeout)),
      ]),
    ms,
  );
}

/**
 * Opens `path` of `baseUrl` in a fresh context (empty caches, service workers allowed: a
 * real first visit), waits for network idle and then for `ready(page)` (the content is
 * shown), then for the service worker's install to finish. Resolves with the page's requests
 * and the service worker's ({ url, status, bytes, failed? } each) and the load time in ms.
 */
export async function visit(browser, baseUrl, path, ready) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    serviceWorkers: 'allow',
    locale: 'en-US',
    viewport: { width: 1280, height: 860 },
  });
  try {
    const page = await context.newPage();
    const pageRequests = await watchPageNetwork(context, page);
    const workerRequests = watchServiceWorkerNetwork(context);
    const started = performance.now();
    await page.goto(path, { waitUntil: 'networkidle', timeout: 60_000 });
    const loadMs = Math.round(performance.now() - started);
    await ready(page);
    const workerActive = await serviceWorkerReady(page, 20_000);
    await page.waitForLoadState('networkidle');
    return {
      loadMs,
      workerActive,
      page: pageRequests(),
      serviceWorker: await workerRequests(),
    };
  } finally {
    await context.close();
  }
}
