// End-to-end encryption's cost in the browser (issue 35): a file uploaded through the
// upload page and downloaded through the file page in headless Chromium, plain and then
// encrypted (the page seals it with AES-256-GCM part by part on the way up, each part staged
// in the origin's private file system; the service worker fetches and decrypts it into the
// saved file on the way down), alternating, BENCH_E2E_ROUNDS
// rounds (default 2) of BENCH_E2E_MIB MiB (default 1024). Measured per transfer: the time
// from the click to the link shown (upload) or the file saved (download), hence MB/s; and
// Chromium's memory, sampled every 100 ms: the renderers' RSS (the page and its worker), all
// of Chromium's processes' RSS, and the page's JS heap. Target: encrypted ≥ 50 % of plain
// speed, with memory flat (its peak does not grow with the file: compare BENCH_E2E_MIB runs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { overrideSetting } from './lib/settings.mjs';
import { callApi } from './lib/transfer.mjs';
import { launchChromium } from './lib/wire.mjs';

const MIB = Number(process.env.BENCH_E2E_MIB ?? 1024);
const ROUNDS = Number(process.env.BENCH_E2E_ROUNDS ?? 2);
const TARGET_RATIO = 0.5;

export const name = 'e2e';
export const description =
  `${MIB} MiB through the upload page and the file page in Chromium, plain and ` +
  `end-to-end encrypted (target: encrypted ≥ ${TARGET_RATIO * 100} % of plain speed)`;

const round1 = (value) => Math.round(value * 10) / 10;

/** A file of `mib` MiB of varied bytes (not all one value: nothing along the way may skip it). */
function writeFile(dir, mib) {
  const file = path.join(dir, 'bench-e2e.bin');
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i += 1) {
    block[i] = (i * 131 + 17) % 251;
  }
  const fd = fs.openSync(file, 'w');
  const hash = createHash('sha256');
  for (let written = 0; written < mib; written += 1) {
    block.writeUInt32BE(written, 0); // every MiB differs from the others
    fs.writeSync(fd, block);
    hash.update(block);
  }
  fs.closeSync(fd);
  return { file, digest: hash.digest('hex') };
}

/** RSS in kB of Chromium's processes now: the renderers, and all of them. */
function chromiumRssKb() {
  let renderers = 0;
  let all = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('chromium')) {
        continue;
      }
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'));
      const kb = rss ? Number(rss[1]) : 0;
      all += kb;
      if (cmdline.includes('--type=renderer')) {
        renderers += kb;
      }
    } catch {
      // gone meanwhile
    }
  }
  return { renderers, all };
}

/** Samples Chromium's memory and the page's JS heap every 100 ms until `stop()`. */
function sampleMemory(cdp) {
  const peak = { renderersKb: 0, allKb: 0, heapBytes: 0 };
  let heapInFlight = false;
  const timer = setInterval(() => {
    const rss = chromiumRssKb();
    peak.renderersKb = Math.max(peak.renderersKb, rss.renderers);
    peak.allKb = Math.max(peak.allKb, rss.all);
    if (!heapInFlight) {
      heapInFlight = true;
      cdp
        .send('Runtime.getHeapUsage')
        .then((usage) => {
          peak.heapBytes = Math.max(peak.heapBytes, usage.usedSize);
        })
        .catch(() => undefined)
        .finally(() => {
          heapInFlight = false;
        });
    }
  }, 100);
  return () => {
    clearInterval(timer);
    return {
      renderersMb: round1(peak.renderersKb / 1024),
      chromiumMb: round1(peak.allKb / 1024),
      jsHeapMb: round1(peak.heapBytes / 1024 / 1024),
    };
  };
}

/** A page signed in as the admin (the app reads its token from localStorage). */
async function adminPage(browser, baseUrl, token) {
  const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true });
  await context.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** Uploads `file` through the upload page; resolves with the link and the timing. */
async function upload(browser, baseUrl, token, file, encrypted) {
  const { context, page, cdp } = await adminPage(browser, baseUrl, token);
  try {
    await page.goto('/upload');
    await page.getByText('Default options').click();
    if (encrypted) {
      await page.getByText('End-to-end encrypt', { exact: true }).click();
    }
    await page.locator('input[type=file]').setInputFiles(file);
    const stop = sampleMemory(cdp);
    const started = performance.now();
    await page
      .getByRole('button', { name: /^Upload/ })
      .first()
      .click();
    const link = page.getByRole('link', { name: /\/file\/[\w-]+/ });
    await link.waitFor({ timeout: 30 * 60_000 });
    const seconds = (performance.now() - started) / 1000;
    return { link: (await link.textContent()) ?? '', seconds, memory: stop() };
  } finally {
    await context.close();
  }
}

/** Downloads through the file page; checks the saved file's digest. */
async function download(browser, baseUrl, token, link, encrypted, digest) {
  const { context, page, cdp } = await adminPage(browser, baseUrl, token);
  try {
    await page.goto(link);
    if (encrypted) {
      // The stream goes through the service worker once it controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    }
    const button = encrypted
      ? page.getByRole('button', { name: 'Decrypt and download' })
      : page.getByRole('link', { name: 'Download' }).first();
    await button.waitFor();
    const stop = sampleMemory(cdp);
    const started = performance.now();
    const [saving] = await Promise.all([
      page.waitForEvent('download', { timeout: 30 * 60_000 }),
      button.click(),
    ]);
    const saved = await saving.path();
    const seconds = (performance.now() - started) / 1000;
    const memory = stop();
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(saved)) {
      hash.update(chunk);
    }
    const intact = hash.digest('hex') === digest;
    await saving.delete();
    return { seconds, memory, intact };
  } finally {
    await context.close();
  }
}

function measurement(runs, bytes) {
  const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)];
  const peak = (key) => Math.max(...runs.map((run) => run.memory[key]));
  return {
    requests: runs.length,
    errors: runs.filter((run) => run.intact === false).length,
    requestsPerSecond: null,
    latencyMs: {
      p50: Math.round(median * 1000),
      p95: Math.round(seconds.at(-1) * 1000),
      p99: Math.round(seconds.at(-1) * 1000),
    },
    mbPerSecond: round1(bytes / 1024 / 1024 / median),
    peakRenderersMb: peak('renderersMb'),
    peakChromiumMb: peak('chromiumMb'),
    peakJsHeapMb: peak('jsHeapMb'),
  };
}

export async function run({ baseUrl, authorization, pid }) {
  const token = authorization.replace(/^Bearer /, '');
  const restoreLimit = await overrideSetting(pid, 'max_upload_size_mb', String(MIB + 64));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-bench-e2e-'));
  const browser = await launchChromium();
  const runs = { plain: { up: [], down: [] }, encrypted: { up: [], down: [] } };
  try {
    const { file, digest } = writeFile(dir, MIB);
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating, and each round in the other order: neither gets the warmer machine.
      const modes = round % 2 === 0 ? ['plain', 'encrypted'] : ['encrypted', 'plain'];
      for (const mode of modes) {
        const encrypted = mode === 'encrypted';
        const up = await upload(browser, baseUrl, token, file, encrypted);
        runs[mode].up.push(up);
        const down = await download(browser, baseUrl, token, up.link, encrypted, digest);
        runs[mode].down.push(down);
        const slug = new URL(up.link).pathname.split('/').pop();
        const share = await callApi(baseUrl, authorization, 'GET', `/api/public/files/${slug}`);
        console.log(
          `  round ${round + 1} ${mode.padEnd(9)} up ${round1(MIB / up.seconds)} MB/s ` +
            `(renderers ${up.memory.renderersMb} MB, Chromium ${up.memory.chromiumMb} MB, ` +
            `heap ${up.memory.jsHeapMb} MB), down ${round1(MIB / down.seconds)} MB/s ` +
            `(renderers ${down.memory.renderersMb} MB, Chromium ${down.memory.chromiumMb} MB, ` +
            `heap ${down.memory.jsHeapMb} MB)${down.intact ? '' : ' — SAVED FILE DIFFERS'}`,
        );
        await callApi(baseUrl, authorization, 'DELETE', `/api/admin/files/${share.id}`).catch(
          () => null,
        );
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await restoreLimit();
  }
  const bytes = MIB * 1024 * 1024;
  const operations = {
    'upload: plain': measurement(runs.plain.up, bytes),
    'upload: encrypted': measurement(runs.encrypted.up, bytes),
    'download: plain': measurement(runs.plain.down, bytes),
    'download: encrypted': measurement(runs.encrypted.down, bytes),
  };
  for (const direction of ['upload', 'download']) {
    const ratio =
      operations[`${direction}: encrypted`].mbPerSecond /
      operations[`${direction}: plain`].mbPerSecond;
    const verdict = ratio >= TARGET_RATIO ? 'PASS' : 'FAIL';
    operations[`${direction}: encrypted`].ratioToPlain = Math.round(ratio * 100) / 100;
    console.log(`  ${verdict}: ${direction} encrypted at ${Math.round(ratio * 100)} % of plain`);
  }
  return operations;
}
