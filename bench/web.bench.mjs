// The web app's weight on a first visit (DESIGN §9: the home page costs at most 300 KB on
// the wire), measured in headless Chromium against the built app the server serves
// (apps/web/dist, made by `npm run build`). Pages: the home page `/` and a paste's view page
// `/paste/<slug>` (a small Markdown paste created first), each in a fresh browser context
// with service workers allowed, loaded until the network is idle and the content shows.
// Counted (lib/wire.mjs): the page's own requests, by the DevTools protocol's
// encodedDataLength (headers plus compressed body), and beside them what the service worker
// downloads to install (Workbox's precache). The target is held against the page's own
// bytes; a failed request (or an HTTP error) counts as an error. KB are 1024 bytes.
import { createPaste } from './lib/api.mjs';
import { launchChromium, visit } from './lib/wire.mjs';

export const name = 'web';
export const description = 'Web app bytes on the wire, first visit in Chromium (target 300 KB)';

const TARGET_KB = 300;
const HEAVIEST = 5;
const MARKER = 'Pastebox web bench marker';

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const sum = (requests) => requests.reduce((total, request) => total + request.bytes, 0);
const isError = (request) => Boolean(request.failed) || request.status >= 400;

/** A page's figures in the runner's measurement shape (its one "latency" is the load time). */
function toMeasurement(result, baseUrl) {
  // Answers the service worker gave the page are counted on its side, not twice.
  const own = result.page.filter((request) => !request.fromServiceWorker);
  const errors = [...result.page, ...result.serviceWorker].filter(isError);
  const shortUrl = (url) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url);
  const wireBytes = sum(own);
  return {
    requests: own.length,
    errors: errors.length,
    ...(errors.length > 0
      ? { firstError: `${shortUrl(errors[0].url)}: ${errors[0].failed ?? errors[0].status}` }
      : {}),
    requestsPerSecond: null,
    latencyMs: { p50: result.loadMs, p95: result.loadMs, p99: result.loadMs },
    wireBytes,
    wireKb: kb(wireBytes),
    targetKb: TARGET_KB,
    withinTarget: kb(wireBytes) <= TARGET_KB,
    serviceWorker: {
      active: result.workerActive,
      requests: result.serviceWorker.length,
      wireKb: kb(sum(result.serviceWorker)),
    },
    heaviest: [...own]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, HEAVIEST)
      .map((request) => ({ url: shortUrl(request.url), kb: kb(request.bytes) })),
  };
}

function printPage(label, m) {
  const verdict = m.withinTarget ? 'within' : 'OVER';
  console.log(
    `  ${label}: ${m.wireKb} KB in ${m.requests} requests (target ${m.targetKb} KB: ${verdict}), ` +
      `loaded in ${m.latencyMs.p50} ms; service worker install: ${m.serviceWorker.wireKb} KB ` +
      `in ${m.serviceWorker.requests} requests${m.serviceWorker.active ? '' : ' (not active)'}` +
      `${m.errors > 0 ? `; ${m.errors} failed, first: ${m.firstError}` : ''}`,
  );
  for (const { url, kb: size } of m.heaviest) {
    console.log(`    ${String(size).padStart(8)} KB  ${url}`);
  }
}

export async function run({ baseUrl, authorization }) {
  const slug = await createPaste(baseUrl, authorization, {
    content: `# ${MARKER}\n\nA *small* paste with a [link](https://example.com) and \`code\`.\n`,
  });
  const browser = await launchChromium();
  try {
    const home = await visit(browser, baseUrl, '/', (page) =>
      page.locator('.pb-editor textarea').waitFor({ state: 'visible', timeout: 30_000 }),
    );
    const paste = await visit(browser, baseUrl, `/paste/${slug}`, (page) =>
      page.getByText(MARKER).first().waitFor({ state: 'visible', timeout: 30_000 }),
    );
    const results = {
      'home page /': toMeasurement(home, baseUrl),
      'paste view /paste/{slug}': toMeasurement(paste, baseUrl),
    };
    console.log(`\nweb: bytes on the wire, first visit in Chromium (KB = 1024 bytes)`);
    for (const [label, measurement] of Object.entries(results)) {
      printPage(label, measurement);
    }
    return results;
  } finally {
    await browser.close();
  }
}
