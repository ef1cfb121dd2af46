import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { screenshot } from './support/browser';
import { useJourney, type Journey, type PageOptions } from './support/journey';
import { databaseShape, readStore, writeVersionOneDatabase } from './support/offline-db';
import { focusEditor, navigateInApp, typeInEditor, visible } from './support/ui';

/**
 * Offline answers (SPEC §3 "Offline database", §4 "Offline", §9): real IndexedDB in
 * Chromium, the network cut with `context.setOffline`.
 */

async function createPaste(journey: Journey, slug: string, content: string) {
  await journey.call('POST', '/paste', { slug, content });
}

describe('offline answers in the browser', () => {
  const journey = useJourney();
  const contexts: BrowserContext[] = [];

  async function context(options: PageOptions = {}) {
    const created = await journey.context({
      asAdmin: false,
      language: 'en-US',
      theme: 'light',
      // These journeys cut the network on purpose: the browser reports what could not load.
      expectProblems: [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/],
      ...options,
    });
    contexts.push(created);
    return created;
  }

  afterAll(async () => {
    for (const created of contexts) {
      await created.close().catch(() => undefined);
    }
  });

  it('a paste read online opens offline from the copy; a never-seen one is unavailable offline', async () => {
    await createPaste(journey, 'offline-notes', '# Offline notes\n\nKept on this device.');
    await createPaste(journey, 'other-notes', '# Other notes\n\nA second share.');
    const ctx = await context();
    const page = await ctx.newPage();

    await page.goto('/paste/offline-notes');
    await visible(page, page.locator('h1', { hasText: 'Offline notes' }));
    await expect
      .poll(async () => (await readStore(page, 'pastes')).map((entry) => entry.slug))
      .toContain('offline-notes');
    const [kept] = (await readStore(page, 'pastes')).filter((e) => e.slug === 'offline-notes');
    expect(kept?.owner).toBe(`anonymous@${journey.server.baseUrl}`);
    expect(typeof kept?.savedAt).toBe('number');
    expect(await databaseShape(page)).toEqual({
      version: 2,
      stores: ['directories', 'files', 'pastes', 'settings'],
    });

    // A fresh page load: the first paste is now only in IndexedDB, not in memory.
    await page.goto('/paste/other-notes');
    await visible(page, page.locator('h1', { hasText: 'Other notes' }));
    expect(await page.locator('[data-testid="offline-copy-note"]').count()).toBe(0);

    // The service worker (when the build has one) takes control shortly after the load.
    await page
      .waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);

    await ctx.setOffline(true);
    await navigateInApp(page, '/paste/offline-notes');
    await visible(page, page.locator('h1', { hasText: 'Offline notes' }));
    await visible(page, page.getByTestId('offline-copy-note'));
    await screenshot(page, 'offline-paste-from-copy-en-US-light');

    await navigateInApp(page, '/paste/never-opened');
    // Never seen on this device: the offline fallback, not a network error (issue 30).
    await visible(page, page.getByRole('heading', { name: 'This page is unavailable offline' }));
    // The shell is still there: an error state, not a crash.
    await visible(page, page.getByRole('link', { name: 'Upload' }));

    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    if (controlled) {
      // With the service worker serving the app shell, a full reload offline works too.
      await page.goto('/paste/offline-notes');
      await visible(page, page.locator('h1', { hasText: 'Offline notes' }));
      await visible(page, page.getByTestId('offline-copy-note'));
    }
    await ctx.setOffline(false);
  });

  it('upgrades a version 1 database and keeps its pastes', async () => {
    await createPaste(journey, 'opens-chunk', '# Chunk loader');
    const ctx = await context();
    const page = await ctx.newPage();
    // Same origin, no app: write the v1 database as an earlier version of the app would have.
    await page.goto('/api/health');
    const savedAt = Date.now();
    await writeVersionOneDatabase(page, {
      slug: 'from-v1',
      content: '# Saved by version one',
      savedAt,
    });

    await page.goto('/paste/opens-chunk');
    await visible(page, page.locator('h1', { hasText: 'Chunk loader' }));
    await expect
      .poll(() => databaseShape(page))
      .toEqual({
        version: 2,
        stores: ['directories', 'files', 'pastes', 'settings'],
      });
    const slugs = (await readStore(page, 'pastes')).map((entry) => entry.slug);
    expect(slugs).toEqual(expect.arrayContaining(['from-v1', 'opens-chunk']));

    // The v1 entry answers offline like any other.
    await ctx.setOffline(true);
    await navigateInApp(page, '/paste/from-v1');
    await visible(page, page.locator('h1', { hasText: 'Saved by version one' }));
    await ctx.setOffline(false);
  });

  it('the Markdown draft lives in IndexedDB, survives a reload and moves over from localStorage', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto('/');
    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await visible(page, editor);
    await page.evaluate(() =>
      localStorage.setItem(
        'markdown_draft',
        JSON.stringify({ content: '# Legacy draft', savedAt: Date.now() - 60_000 }),
      ),
    );
    await page.reload();
    await visible(page, page.getByText('Unsaved draft found'));
    expect(await page.evaluate(() => localStorage.getItem('markdown_draft'))).toBeNull();
    const moved = (await readStore(page, 'settings')).find((e) => e.key === 'markdown_draft');
    expect((moved?.value as { content?: string } | undefined)?.content).toBe('# Legacy draft');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect
      .poll(async () => (await readStore(page, 'settings')).some((e) => e.key === 'markdown_draft'))
      .toBe(false);

    await typeInEditor(page, '# Written offline-proof\n\nevery word');
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+s');
    await visible(page, page.getByText('Draft saved in this browser'));
    await expect
      .poll(async () => {
        const draft = (await readStore(page, 'settings')).find((e) => e.key === 'markdown_draft');
        return (draft?.value as { content?: string } | undefined)?.content;
      })
      .toBe('# Written offline-proof\n\nevery word');
    expect(await page.evaluate(() => localStorage.getItem('markdown_draft'))).toBeNull();

    await page.reload();
    await visible(page, page.getByText('Unsaved draft found'));
    await page.getByRole('button', { name: 'Restore draft' }).click();
    // The page's plain editor shows the draft before anyone reaches for it; CodeMirror
    // takes it over at the first click.
    await expect.poll(() => editor.inputValue()).toBe('# Written offline-proof\n\nevery word');
    const content = await focusEditor(page);
    expect(await content.textContent()).toContain('Written offline-proof');
  });

  it('never keeps system calls, file views or downloads', async () => {
    const file = await uploadViaApi(journey.server.baseUrl, journey.token, {
      name: 'notes.txt',
      type: 'text/plain',
      body: 'plain text to preview',
    });
    const ctx = await context({ asAdmin: true });
    const page = await ctx.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    await page.goto('/upload');
    await visible(page, page.getByRole('tab').first());
    // The upload page's ordinary JSON answers (storage configs) are kept…
    await expect
      .poll(async () =>
        (await readStore(page, 'settings')).some((e) => String(e.key).startsWith('response:')),
      )
      .toBe(true);
    await page.goto(`/file/${file.slug}`);
    await visible(page, page.getByText('notes.txt'));
    await expect
      .poll(async () => (await readStore(page, 'files')).map((entry) => entry.slug))
      .toContain(file.slug);

    // …while the app did make the calls that must never be kept…
    expect(requested).toContain('/api/system/max-upload-size');
    await expect
      .poll(() => requested.some((p) => /^\/api\/(file-view|file-download|raw)\//.test(p)))
      .toBe(true);
    // …and kept none of them.
    const keys = (await readStore(page, 'settings')).map((entry) => String(entry.key));
    expect(
      keys.filter((key) =>
        /^response:\/(system|health|version|test|raw|file-view|file-download)\b/.test(key),
      ),
    ).toEqual([]);
  });

  it('Settings shows the offline copy and clearing it empties it', async () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const ctx = await context({
          asAdmin: true,
          language,
          theme,
          viewport: { width: 390, height: 844 },
        });
        const page = await ctx.newPage();
        // Something to keep first: a paste read as this admin.
        await page.goto('/paste/offline-notes');
        await visible(page, page.locator('h1', { hasText: 'Offline notes' }));
        await expect.poll(async () => (await readStore(page, 'pastes')).length).toBeGreaterThan(0);
        await page.goto('/admin/settings');
        const summary = await visible(page, page.getByTestId('offline-cache-summary'));
        await expect.poll(() => summary.textContent()).toMatch(/\d/);
        await screenshot(page, `offline-settings-page-${language}-${theme}`);
        const card = page.locator('.mantine-Paper-root', { has: summary });
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `offline-settings-card-${language}-${theme}`, { of: card });
        if (language === 'en-US' && theme === 'light') {
          await clearAndCheck(page);
        }
        await ctx.close();
      }
    }
  });

  async function clearAndCheck(page: Page): Promise<void> {
    const summary = page.getByTestId('offline-cache-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^[1-9]\d* saved answers? · about /);
    await page.getByRole('button', { name: 'Clear offline data' }).click();
    const dialog = await visible(page, page.getByRole('dialog'));
    await screenshot(page, 'offline-clear-confirm-en-US-light');
    await screenshot(page, 'offline-settings-clear-confirm-en-US-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Clear offline data' }).click();
    await expect.poll(() => summary.textContent()).toMatch(/^0 saved answers · about 0 B$/);
    for (const store of ['pastes', 'files', 'directories']) {
      expect(await readStore(page, store)).toEqual([]);
    }
    const settings = await readStore(page, 'settings');
    expect(settings.filter((e) => String(e.key).startsWith('response:'))).toEqual([]);
  }
});
