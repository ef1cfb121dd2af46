import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { visible } from './ui';

/** The installable app as the PWA journeys drive it: its service worker, install offer, caches. */

/** The web app's build, which the journeys serve a copy of. */
export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const UPLOAD_PAGE_SOURCE = 'src/features/upload/components/UploadPage.tsx';

/**
 * A copy of the build for the journeys of one `describe`, served with `env` (WEB_DIST):
 * another build of the work tree during the run cannot pull the app from under the
 * service worker, and a journey may publish a new version into `dir`. Call it before
 * `useJourney(copy.env)`: its hooks then make the copy before the server starts and
 * remove it after the server stops.
 */
export function copyOfBuild(prefix: string): {
  readonly dir: string;
  env: () => Record<string, string>;
} {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    fs.cpSync(DIST, dir, { recursive: true });
  });
  afterAll(() => {
    if (dir) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  return {
    get dir() {
      return dir;
    },
    env: () => ({ WEB_DIST: dir }),
  };
}

/** Resolves once the service worker controls the page (the first visit installs it). */
export async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Fires Chromium's install offer, as the browser does when the app is installable. */
export async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

/**
 * Opens the upload page once, online, in another tab of the app: route chunks are cached
 * when first used (only the app shell is precached, vite/pwa.ts), so this puts the upload
 * page's on the device the way a visitor's own use would, while the tab under test has
 * never loaded it (a loaded chunk would stay in its memory).
 */
export async function useUploadPageOnce(context: BrowserContext): Promise<void> {
  const other = await context.newPage();
  await other.goto('/upload');
  await visible(other, other.getByRole('heading', { level: 2, name: 'Upload files' }));
  await other.close();
}

/**
 * Takes the upload page's chunk off this device: out of the service worker's caches, and
 * refused on the network (as the browser's HTTP cache would no longer hold it either).
 * Returns how many cached copies were removed.
 */
export async function makeUploadPageUnavailable(
  context: BrowserContext,
  page: Page,
): Promise<number> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest[UPLOAD_PAGE_SOURCE]?.file ?? '';
  expect(chunk).toMatch(/^assets\/UploadPage-.*\.js$/);
  await context.route(`**/${chunk}`, (route) => route.abort('internetdisconnected'));
  return page.evaluate(async (file) => {
    let count = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname === `/${file}`) {
          count += Number(await cache.delete(request));
        }
      }
    }
    return count;
  }, chunk);
}
