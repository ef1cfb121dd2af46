import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docsScreenshot, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS as LOOKS, PHONE, type LanguageThemePair } from './support/looks';
import { tr, type Language } from './support/messages';
import { gradientPng } from './support/png';
import { expectNoAxeFindings, openSettled } from './support/settled-axe';
import { visible } from './support/ui';
import { readZip } from './support/zip-reader';

/**
 * Issue 33, "done when" (bundles): the owner uploads five files on the upload page with
 * "Share as one link" on and gets the bundle's link; a stranger on a phone in Chinese (and
 * once on a desktop in English) opens it, sees the five files with the pictures as a
 * gallery, downloads one and then all of them as one ZIP, and every file is byte-identical.
 * File management → select → "Bundle" makes another; the Bundles module lists both.
 */

const BUNDLE = { title: 'Harbour trip', slug: 'harbour-trip', password: 'gulls-and-boats' };
const FILES = [
  { name: 'sunrise.png', mimeType: 'image/png', buffer: gradientPng(640, 400) },
  { name: 'harbour.png', mimeType: 'image/png', buffer: gradientPng(400, 300) },
  { name: 'portrait.png', mimeType: 'image/png', buffer: gradientPng(300, 450) },
  {
    name: '行程 notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Day 1: harbour. Day 2: 灯塔 (the lighthouse).\n'),
  },
  // Random bytes: a download that is off by one byte anywhere cannot pass.
  { name: 'track.gpx.bin', mimeType: 'application/octet-stream', buffer: randomBytes(300_000) },
];
const IMAGES = FILES.filter((file) => file.mimeType.startsWith('image/'));
const OTHERS = FILES.filter((file) => !file.mimeType.startsWith('image/'));

/** Turns a Mantine switch on: its input has no box of its own (the track is drawn instead). */
async function turnOn(control: Locator): Promise<void> {
  if (!(await control.isChecked())) {
    await control.dispatchEvent('click');
  }
  await expect.poll(() => control.isChecked()).toBe(true);
}

/** The bytes of a finished download. */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** Clicks `target` and waits for the download it starts. */
async function downloadBy(page: Page, target: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return download;
}

/** Opens a password-protected bundle page with its password, in `language`. */
async function unlock(page: Page, language: Language): Promise<void> {
  const field = await visible(
    page,
    page.getByLabel(tr(language, 'bundles.unlock.label'), { exact: true }),
  );
  await field.fill(BUNDLE.password);
  await page.getByRole('button', { name: tr(language, 'bundles.unlock.submit') }).click();
  await visible(page, page.getByRole('heading', { name: BUNDLE.title }));
}

describe('bundles: many files behind one link, downloaded one by one or as a ZIP', () => {
  const journey = useJourney();
  let slug = '';

  it('uploads five files as one link from the upload page', async () => {
    const { context, page } = await openSettled(journey, '/upload', {
      language: 'en-US',
      theme: 'light',
    });
    await page.locator('input[type=file]').setInputFiles(FILES);
    await visible(page, page.getByText('5 files'));
    await turnOn(page.getByRole('switch', { name: 'Share as one link' }));
    await page.getByLabel('Title', { exact: true }).fill(BUNDLE.title);
    await page.getByLabel('Link suffix', { exact: true }).fill(BUNDLE.slug);
    await page.getByLabel('Password', { exact: true }).fill(BUNDLE.password);
    await expectNoAxeFindings(page, 'upload page, bundle switched on');
    await page.getByRole('button', { name: 'Upload all' }).click();

    const ready = await visible(
      page,
      page.getByRole('status', { name: 'Your bundle link is ready' }),
    );
    const link = (await ready.getByRole('link', { name: /\/b\// }).first().textContent()) ?? '';
    expect(link).toMatch(new RegExp(`/b/${BUNDLE.slug}$`));
    slug = new URL(link).pathname.split('/').at(-1) ?? '';
    await visible(page, ready.getByText(`${BUNDLE.title} · 5 files`));
    await expectNoAxeFindings(page, 'upload page, bundle link ready');
    await docsScreenshot(page, 'upload-bundle-en-US-light');
    await context.close();

    // Its files are private shares: each one's own link is the owner's alone.
    const files = await journey.call<{ items: { filename: string }[] }>(
      'GET',
      '/admin/files?limit=50',
    );
    expect(files.items.map((file) => file.filename).sort()).toEqual(
      FILES.map((file) => file.name).sort(),
    );
  });

  async function strangerDownloads(
    look: { language: Language; theme: 'light' | 'dark' },
    viewport: typeof PHONE | undefined,
  ): Promise<void> {
    const words = (key: string, vars: Record<string, string | number> = {}) =>
      tr(look.language, key, vars);
    const { context, page } = await openSettled(journey, `/b/${slug}`, {
      asAdmin: false,
      ...look,
      ...(viewport ? { viewport } : {}),
    });
    await visible(page, page.getByRole('heading', { name: words('bundles.unlock.title') }));
    await expectNoAxeFindings(page, `bundle password prompt ${look.language} ${look.theme}`);
    await unlock(page, look.language);

    const gallery = page.getByRole('list', { name: words('bundles.page.gallery') });
    const list = page.getByRole('list', { name: words('bundles.page.files') });
    await expect.poll(() => gallery.getByRole('listitem').count()).toBe(IMAGES.length);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(OTHERS.length);
    for (const image of IMAGES) {
      const thumbnail = gallery.getByRole('img', {
        name: words('bundles.page.thumbnailOf', { name: image.name }),
      });
      // Loaded: a broken thumbnail would be replaced by an icon.
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expectNoAxeFindings(page, `bundle page, stranger ${look.language} ${look.theme}`);

    const one = OTHERS.at(-1)!;
    const single = await downloadBy(
      page,
      page.getByRole('link', { name: words('bundles.page.downloadOf', { name: one.name }) }),
    );
    expect(single.suggestedFilename()).toBe(one.name);
    expect((await bytesOf(single)).equals(one.buffer)).toBe(true);

    const zip = await downloadBy(
      page,
      page.getByRole('link', { name: words('bundles.page.downloadAll') }),
    );
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const archive = await bytesOf(zip);
    // A standard tool accepts it (CRCs and structure), and our own reader agrees byte for byte.
    expect(execFileSync('unzip', ['-tq', await zip.path()]).toString()).toMatch(/No errors/);
    const entries = readZip(archive);
    expect(entries.map((entry) => entry.name).sort()).toEqual(FILES.map((f) => f.name).sort());
    for (const file of FILES) {
      const entry = entries.find((candidate) => candidate.name === file.name);
      expect(entry?.data.equals(file.buffer), `${file.name} in the ZIP`).toBe(true);
    }
    // The Chinese name is flagged UTF-8 (general purpose bit 11), as unzip tools expect.
    expect(entries.find((entry) => entry.name === FILES[3]!.name)?.utf8).toBe(true);
    await context.close();
  }

  it('lets a stranger on a phone, in Chinese, download one file and all as a ZIP', async () => {
    await strangerDownloads({ language: 'zh-CN', theme: 'light' }, PHONE);
  });

  it('does the same for a stranger on a desktop, in English', async () => {
    await strangerDownloads({ language: 'en-US', theme: 'dark' }, undefined);
  });

  it('bundles files selected in File management', async () => {
    const { context, page } = await openSettled(journey, '/admin/file-management', {
      language: 'en-US',
      theme: 'light',
    });
    const chosen = [FILES[1]!, FILES[3]!];
    for (const file of chosen) {
      await (await visible(page, page.getByLabel(`Select ${file.name}`))).check();
    }
    // For review: the selected rows (the selection tint keeps every label readable).
    await screenshot(page, 'files-selected-for-bundle-en-US-light');
    await page.getByRole('button', { name: 'Bundle (2)' }).click();
    const dialog = await visible(
      page,
      page.getByRole('dialog', { name: 'Share the selected files as one link' }),
    );
    await visible(page, dialog.getByText('2 files go into the bundle, in the order shown.'));
    await dialog.getByLabel('Title', { exact: true }).fill('Two from the trip');
    await expectNoAxeFindings(page, 'create bundle dialog');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const ready = await visible(
      page,
      dialog.getByRole('status', { name: 'Your bundle link is ready' }),
    );
    const link = (await ready.getByRole('link', { name: /\/b\// }).first().textContent()) ?? '';
    await expectNoAxeFindings(page, 'create bundle dialog, link ready');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await context.close();

    // The stranger sees exactly the two chosen files.
    const stranger = await openSettled(journey, new URL(link).pathname, {
      asAdmin: false,
      language: 'en-US',
    });
    await visible(stranger.page, stranger.page.getByRole('heading', { name: 'Two from the trip' }));
    for (const file of chosen) {
      await visible(stranger.page, stranger.page.getByText(file.name, { exact: true }));
    }
    await stranger.context.close();
  });

  async function lookAt(look: LanguageThemePair): Promise<void> {
    const phone = look.language === 'zh-CN';
    const suffix = `${look.language}-${look.theme}${phone ? '-phone' : ''}`;
    const words = (key: string, vars: Record<string, string | number> = {}) =>
      tr(look.language, key, vars);
    const { context, page } = await openSettled(journey, '/admin/bundles', {
      ...look,
      ...(phone ? { viewport: PHONE } : {}),
    });
    await visible(page, page.getByText(BUNDLE.title).first());
    await visible(page, page.getByText('Two from the trip').first());
    await expectNoAxeFindings(page, `bundles module ${suffix}`);
    await docsScreenshot(page, `bundles-module-${suffix}`);

    // File management's "Bundle" dialog, and the upload page's switch.
    await page.goto('/admin/file-management');
    await (
      await visible(page, page.getByLabel(words('files.selectRow', { name: FILES[0]!.name })))
    ).check();
    await page.getByRole('button', { name: words('bundles.create.button', { count: 1 }) }).click();
    const dialog = await visible(
      page,
      page.getByRole('dialog', { name: words('bundles.create.title') }),
    );
    await expectNoAxeFindings(page, `create bundle dialog ${suffix}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.goto('/upload');
    await page.locator('input[type=file]').setInputFiles(FILES.slice(0, 2));
    await turnOn(page.getByRole('switch', { name: words('bundles.upload.switch') }));
    await expectNoAxeFindings(page, `upload page, bundle switch ${suffix}`);

    // Its owner opens the bundle page without the password a stranger gives.
    await page.goto(`/b/${slug}`);
    await visible(page, page.getByRole('heading', { name: BUNDLE.title }));
    await expectNoAxeFindings(page, `bundle page ${suffix}`);
    await docsScreenshot(page, `bundle-page-${suffix}`);
    await context.close();
  }

  for (const look of LOOKS) {
    it(`shows the Bundles module and its dialogs in ${look.language}, ${look.theme}`, async () => {
      await lookAt(look);
    });
  }
});
