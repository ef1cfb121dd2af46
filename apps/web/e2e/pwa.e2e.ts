import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney, type PageOptions } from './support/journey';
import {
  controlledBySw,
  copyOfBuild,
  makeUploadPageUnavailable,
  offerInstall,
  useUploadPageOnce,
} from './support/pwa';
import { visible } from './support/ui';

/**
 * The installable, offline app (SPEC §2 install / update prompts, offline badge, offline
 * fallback; SPEC §4 PWA). The server serves a copy of the build, so the update journey can
 * publish a "new version" of sw.js the way a deployment would.
 */

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString()).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('installable, offline app', () => {
  const build = copyOfBuild('pastebox-pwa-dist-');
  const journey = useJourney(build.env);
  let version = 1;

  /** Publishes a changed sw.js (a new deployment) and makes the page look for it. */
  async function publishNewVersion(page: Page): Promise<void> {
    version += 1;
    const swFile = path.join(build.dir, 'sw.js');
    const source = `${fs.readFileSync(swFile, 'utf8')}\n// build ${version}\n`;
    fs.writeFileSync(swFile, source);
    fs.writeFileSync(`${swFile}.br`, brotliCompressSync(source));
    fs.writeFileSync(`${swFile}.gz`, gzipSync(source));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  }

  async function openApp(options: PageOptions = {}) {
    const context = await journey.context({
      asAdmin: false,
      language: 'en-US',
      // These journeys cut the network or abort a chunk on purpose.
      expectProblems: [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/],
      ...options,
    });
    const page = await context.newPage();
    await page.goto('/');
    await visible(page, page.locator('.pb-editor textarea'));
    return { context, page };
  }

  it('links the web app manifest, served with its icons', async () => {
    const { context, page } = await openApp();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#228be6');

    const res = await context.request.get(href ?? '');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      display: string;
      start_url: string;
      scope: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Pastebox',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const icons = [...manifest.icons, { src: touchIcon ?? '', sizes: '180x180' }];
    for (const icon of icons) {
      const image = await context.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await image.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    const sw = await context.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('the service worker controls the page; offline, the badge shows and a reload starts the app', async () => {
    const { context, page } = await openApp();
    await controlledBySw(page);
    const badge = page.locator('header').getByRole('status', { name: 'Offline' });
    expect(await badge.count()).toBe(0);

    await context.setOffline(true);
    await visible(page, badge);

    // Without the deployment's config.js (never precached) the app must start all the same.
    await page.evaluate(() => caches.delete('pastebox-config'));
    await page.reload();
    await visible(page, page.locator('header').getByRole('link', { name: 'Upload' }));
    await visible(page, badge);
    await visible(page, page.locator('.pb-editor textarea'));

    await context.setOffline(false);
    await expect.poll(() => badge.count()).toBe(0);
    await context.close();
  });

  it('offline, a page whose code is not on the device shows the fallback and a 3 s toast', async () => {
    const { context, page } = await openApp();
    await controlledBySw(page);
    await useUploadPageOnce(context);
    // A page this device does not hold: the upload page's chunk is gone from the worker's
    // cache (as after an eviction) and from the HTTP cache, so only the network could give it.
    expect(await makeUploadPageUnavailable(context, page)).toBe(1);

    await context.setOffline(true);
    await page.locator('header').getByRole('link', { name: 'Upload' }).click();
    await visible(page, page.getByRole('heading', { name: 'This page is unavailable offline' }));
    expect(new URL(page.url()).pathname).toBe('/upload');
    const toast = page.getByText(
      'This page is unavailable offline. Check your network connection.',
    );
    await visible(page, toast);
    // The header stays, with the offline badge.
    await visible(page, page.locator('header').getByRole('status', { name: 'Offline' }));
    const main = page.getByRole('main');
    await visible(page, main.getByRole('link', { name: 'Back to home' }));
    await visible(page, main.getByRole('button', { name: 'Back', exact: true }));
    await visible(page, main.getByRole('button', { name: 'Retry' }));
    await screenshot(page, 'pwa-offline-fallback-en-US');
    // SPEC §9: the toast lasts 3 s.
    await expect.poll(() => toast.isVisible(), { timeout: 8_000 }).toBe(false);

    await main.getByRole('button', { name: 'Back', exact: true }).click();
    await visible(page, page.locator('.pb-editor textarea'));
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('offers installing; "Not now" snoozes it across reloads until 7 days have passed', async () => {
    const { context, page } = await openApp();
    const card = page.getByRole('region', { name: 'Install Pastebox' });
    await offerInstall(page);
    await visible(page, card);
    await card.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => card.count()).toBe(0);

    await page.reload();
    await visible(page, page.locator('header'));
    await offerInstall(page);
    // Longer than the 5 s re-check: the snooze holds.
    await page.waitForTimeout(5_500);
    expect(await card.count()).toBe(0);

    // Eight days later, the card is back.
    await page.evaluate(() => {
      const stored = Number(localStorage.getItem('install_prompt_dismissed_at'));
      localStorage.setItem('install_prompt_dismissed_at', String(stored - 8 * 86_400_000));
    });
    await page.reload();
    await visible(page, page.locator('header'));
    await offerInstall(page);
    await visible(page, card);
    await context.close();
  });

  it('a new version waits for "Reload to update", then takes over', async () => {
    const { context, page } = await openApp();
    await controlledBySw(page);
    const prompt = page.getByRole('region', { name: 'A new version is available' });
    expect(await prompt.count()).toBe(0);

    await publishNewVersion(page);
    await visible(page, prompt);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting)).toBe(
      true,
    );

    // "Later" hides it; the version keeps waiting and is offered again on the next visit.
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    await page.reload();
    await visible(page, prompt);

    await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true));
    await prompt.getByRole('button', { name: 'Reload to update' }).click();
    // The page reloads under the new service worker: nothing waits any more.
    await expect
      .poll(() => page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false))
      .toBe(false);
    await visible(page, page.locator('header'));
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return registration.waiting === null && navigator.serviceWorker.controller !== null;
        }),
      )
      .toBe(true);
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it('screens at phone width in both languages and themes', async () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { context, page } = await openApp({
          language,
          theme,
          viewport: { width: 390, height: 844 },
        });
        await controlledBySw(page);
        await publishNewVersion(page);
        await offerInstall(page);
        await visible(page, page.getByRole('region', { name: /Install Pastebox|安装 Pastebox/ }));
        await visible(page, page.getByRole('region', { name: /new version|新版本/ }));
        await context.setOffline(true);
        await visible(page, page.locator('header').getByRole('status'));
        await page.waitForTimeout(300);
        await screenshot(page, `pwa-prompts-${language}-${theme}`);

        await page
          .getByRole('region', { name: /new version|新版本/ })
          .getByRole('button')
          .last()
          .click();
        await page
          .getByRole('region', { name: /Install Pastebox|安装 Pastebox/ })
          .getByRole('button', { name: /Not now|暂不/ })
          .click();
        await makeUploadPageUnavailable(context, page);
        await openUploadFromMenu(page);
        await visible(page, page.getByRole('heading', { level: 2 }));
        await page.waitForTimeout(300);
        await screenshot(page, `pwa-fallback-${language}-${theme}`);
        await context.close();
      }
    }
  });

  /** Opens the upload page from the phone menu. */
  async function openUploadFromMenu(page: Page): Promise<void> {
    await page.getByRole('button', { name: /Menu|菜单/ }).click();
    await page
      .getByRole('navigation', { name: /Menu|菜单/ })
      .getByRole('link')
      .nth(1)
      .click();
  }
});
