import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { FOUR_LOOKS, type Look } from './support/looks';
import { gradientPng } from './support/png';
import { controlledBySw, copyOfBuild } from './support/pwa';
import { navigateInApp, visible } from './support/ui';

/**
 * Offline pages (issue 30, SPEC §2 offline fallback, §4 offline): a page never seen on this
 * device, opened offline, says it is unavailable offline at once — with Back, Home and
 * Retry that work — instead of a skeleton and then a network error; a file share kept
 * offline says it is offline and disables what needs the network.
 */

const WORDS = {
  'en-US': {
    unavailable: 'This page is unavailable offline',
    toast: 'This page is unavailable offline. Check your network connection.',
    home: 'Back to home',
    back: 'Back',
    retry: 'Retry',
    offlineNote: 'You are offline',
    copyNote: 'Shown from the copy on this device',
    noPreview: 'The preview needs the network',
    download: 'Download',
    qr: 'QR code',
    loadAgain: 'Load again',
  },
  'zh-CN': {
    unavailable: '此页面离线时不可用',
    toast: '此页面离线时不可用，请检查网络连接。',
    home: '返回首页',
    back: '返回',
    retry: '重试',
    offlineNote: '当前处于离线状态',
    copyNote: '显示的是本设备保存的副本',
    noPreview: '预览需要联网',
    download: '下载',
    qr: '二维码',
    loadAgain: '重新加载',
  },
} as const;

describe('offline pages (issue 30)', () => {
  const journey = useJourney(copyOfBuild('pastebox-offline-dist-').env);
  const contexts: BrowserContext[] = [];

  async function openContext(look: Look): Promise<Page> {
    const context = await journey.context({
      asAdmin: false,
      language: look.language,
      theme: look.theme,
      ...(look.viewport ? { viewport: look.viewport } : {}),
      // These journeys cut the network on purpose: the browser reports what could not load.
      expectProblems: [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/],
    });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    await journey.call('POST', '/paste', {
      slug: 'seen-note',
      content: '# Seen note\n\nOpened online first.',
    });
    await journey.call('POST', '/paste', {
      slug: 'unseen-note',
      content: '# Unseen note\n\nNever opened on the device.',
    });
  });
  afterAll(async () => {
    for (const context of contexts) {
      await context.close().catch(() => undefined);
    }
  });

  for (const look of FOUR_LOOKS) {
    it(`a page never seen, offline: unavailable at once, and Back, Home, Retry work (${look.language}, ${look.theme}, ${look.name})`, async () => {
      const words = WORDS[look.language];
      const page = await openContext(look);
      await page.goto('/');
      await visible(page, page.locator('.pb-editor textarea'));
      await controlledBySw(page);
      await page.goto('/paste/seen-note');
      await visible(page, page.locator('h1', { hasText: 'Seen note' }));

      await page.context().setOffline(true);
      await navigateInApp(page, '/paste/unseen-note');
      const heading = page.getByRole('heading', { name: words.unavailable });
      // At once: no retries holding a skeleton for seconds before a network error.
      await expect.poll(() => heading.isVisible(), { timeout: 2500 }).toBe(true);
      await visible(page, page.getByText(words.toast));
      expect(await page.getByText('Network error').count()).toBe(0);
      await docsScreenshot(page, `offline-unseen-${look.language}-${look.theme}-${look.name}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Back: the page seen before, from this device's copy.
      const main = page.getByRole('main');
      await main.getByRole('button', { name: words.back, exact: true }).click();
      await visible(page, page.locator('h1', { hasText: 'Seen note' }));
      expect(new URL(page.url()).pathname).toBe('/paste/seen-note');

      // Home.
      await navigateInApp(page, '/paste/unseen-note');
      await visible(page, heading);
      await main.getByRole('link', { name: words.home }).click();
      await visible(page, page.locator('.pb-editor textarea'));
      expect(new URL(page.url()).pathname).toBe('/');

      // Retry, once the network is back: the page itself.
      await navigateInApp(page, '/paste/unseen-note');
      await visible(page, heading);
      await page.context().setOffline(false);
      await main.getByRole('button', { name: words.retry }).click();
      await visible(page, page.locator('h1', { hasText: 'Unseen note' }));
      expect(new URL(page.url()).pathname).toBe('/paste/unseen-note');
      await page.context().close();
    });
  }

  it('a page never seen, reloaded offline through the service worker, is unavailable too', async () => {
    const page = await openContext({
      language: 'en-US',
      theme: 'light',
      viewport: undefined,
      name: 'desktop',
    });
    await page.goto('/');
    await visible(page, page.locator('.pb-editor textarea'));
    await controlledBySw(page);
    await page.context().setOffline(true);
    await page.goto('/paste/unseen-note');
    await expect
      .poll(() => page.getByRole('heading', { name: WORDS['en-US'].unavailable }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.context().close();
  });

  for (const look of FOUR_LOOKS) {
    it(`a file share kept offline says so and disables what needs the network (${look.language}, ${look.theme}, ${look.name})`, async () => {
      const words = WORDS[look.language];
      const share = await uploadPng(
        journey.server.baseUrl,
        journey.token,
        `offline-${look.language}-${look.theme}`,
      );
      const page = await openContext(look);
      await page.goto('/');
      await visible(page, page.locator('.pb-editor textarea'));
      await controlledBySw(page);
      await navigateInApp(page, `/file/${share.slug}`);
      await visible(page, page.getByRole('heading', { name: share.filename }));
      const download = page.getByRole('link', { name: words.download });
      await visible(page, download);
      await expect.poll(() => page.locator('main img').count()).toBeGreaterThan(0);

      // Offline in the page: the note, no image, Download and QR disabled.
      await page.context().setOffline(true);
      await visible(page, page.getByText(words.offlineNote));
      await expectOfflineFile(page, words);
      await docsScreenshot(page, `offline-file-${look.language}-${look.theme}-${look.name}`);
      expect(await seriousViolations(page)).toEqual([]);

      // A fresh load offline: the share from the copy kept on this device.
      await page.goto(`/file/${share.slug}`);
      await visible(page, page.getByRole('heading', { name: share.filename }));
      await visible(page, page.getByText(words.offlineNote));
      await expectOfflineFile(page, words);

      // Online again, the copy says what it is and loads the share afresh on request.
      await page.context().setOffline(false);
      await visible(page, page.getByText(words.copyNote));
      await page.getByRole('button', { name: words.loadAgain }).click();
      await visible(page, page.getByRole('link', { name: words.download }));
      expect(await page.getByTestId('file-offline-note').count()).toBe(0);
      await expect.poll(() => page.locator('main img').count()).toBeGreaterThan(0);
      await page.context().close();
    });
  }
});

/** What a file share shows while its links cannot work. */
async function expectOfflineFile(
  page: Page,
  words: (typeof WORDS)[keyof typeof WORDS],
): Promise<void> {
  await visible(page, page.getByText(words.noPreview));
  expect(await page.locator('main img').count()).toBe(0);
  expect(await page.getByRole('link', { name: words.download }).count()).toBe(0);
  expect(await page.getByRole('button', { name: words.download }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: words.qr }).isDisabled()).toBe(true);
}

/** Shares a small PNG (bytes, not text: the upload helper of ./support/api sends strings). */
async function uploadPng(
  baseUrl: string,
  token: string,
  name: string,
): Promise<{ slug: string; filename: string }> {
  const form = new FormData();
  const filename = `${name}.png`;
  form.append(
    'file',
    new Blob([new Uint8Array(gradientPng(64, 48))], { type: 'image/png' }),
    filename,
  );
  const res = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { data: { slug: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { slug: body.data.slug, filename };
}
