import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { filesHolding } from './support/data-dir';
import { useJourney } from './support/journey';
import { FOUR_LOOKS, PHONE } from './support/looks';
import { tr, type Language } from './support/messages';
import { gradientPng } from './support/png';
import { expectNoAxeFindings, openSettled } from './support/settled-axe';
import { visible } from './support/ui';
import { readZip } from './support/zip-reader';

/**
 * Issue 35, bundles: two files uploaded as one end-to-end encrypted bundle leave neither
 * their names nor their bytes on the server; a fresh browser opens the bundle with the
 * full link (and the password), sees the real names, saves one member byte-identical and
 * all of them as a ZIP the service worker writes, which `unzip -t` accepts. Without the
 * fragment, or with a wrong password, the page says so and names nothing.
 */

const MARKER = 'CONFIDENTIAL-LYRA-LEDGER';
const PASSWORD = 'orchid';
const TITLE = 'Quarter close';

/** Over one part (5 MiB): its upload goes multipart under the bundle's key. */
function ledger(): Buffer {
  const lines: string[] = [];
  for (let line = 0, size = 0; size < 6 * 1024 * 1024; line += 1) {
    const text = `${MARKER} row ${String(line).padStart(8, '0')}: totals stay secret\n`;
    lines.push(text);
    size += text.length;
  }
  return Buffer.from(lines.join(''));
}

const FILES = [
  { name: 'lyra-ledger.txt', mimeType: 'text/plain', buffer: ledger() },
  { name: 'lyra-harbour.png', mimeType: 'image/png', buffer: gradientPng(480, 320) },
];

/** Every file under `dir` holding `needle`'s bytes (a PNG's middle, say). */
function filesHoldingBytes(dir: string, needle: Buffer): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((full) => fs.readFileSync(full).includes(needle));
}

/** Turns a Mantine switch on: its input has no box of its own (the track is drawn instead). */
async function turnOn(control: Locator): Promise<void> {
  if (!(await control.isChecked())) {
    await control.dispatchEvent('click');
  }
  await expect.poll(() => control.isChecked()).toBe(true);
}

/** Until the service worker controls the page: the streamed download goes through it. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Clicks `target` and waits for the download it starts. */
async function downloadBy(page: Page, target: Locator): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    target.click(),
  ]);
  return download;
}

async function bytesOf(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

describe('an end-to-end encrypted bundle (issue 35)', () => {
  const journey = useJourney();
  let link = '';

  it('uploads two files sealed under one key; the server keeps neither names nor bytes', async () => {
    const { context, page } = await openSettled(journey, '/upload', {
      language: 'en-US',
      theme: 'light',
    });
    await page.locator('input[type=file]').setInputFiles(FILES);
    await visible(page, page.getByText('2 files'));
    await turnOn(page.getByRole('switch', { name: 'Share as one link' }));
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await turnOn(page.getByRole('switch', { name: /^End-to-end encrypt/ }));
    await (await visible(page, page.getByLabel(/Encryption password/))).fill(PASSWORD);
    await expectNoAxeFindings(page, 'upload page, encrypted bundle');
    await screenshot(page, 'upload-bundle-encrypted-en-US-light');
    await page.getByRole('button', { name: 'Upload all' }).click();

    const ready = await visible(
      page,
      page.getByRole('status', { name: 'Your bundle link is ready' }),
      120_000,
    );
    link = (await ready.getByRole('link', { name: /\/b\// }).first().textContent()) ?? '';
    expect(link).toMatch(/^http:\/\/[^/]+\/b\/[\w-]+#k=[A-Za-z0-9_-]{43}$/);
    await visible(
      page,
      ready.getByText('The key is the part of the link after “#”', { exact: false }),
    );
    await expectNoAxeFindings(page, 'upload page, encrypted bundle link ready');
    await screenshot(page, 'upload-bundle-encrypted-done-en-US-light');
    await context.close();

    // Not in the database, its journal, the storage or a temp file.
    const dataDir = journey.server.dataDir;
    expect(filesHolding(dataDir, MARKER)).toEqual([]);
    expect(filesHolding(dataDir, 'lyra-')).toEqual([]);
    const png = FILES[1]!.buffer;
    expect(filesHoldingBytes(dataDir, png.subarray(png.length / 2, png.length / 2 + 48))).toEqual(
      [],
    );
    const files = await journey.call<{ items: { filename: string; encrypted?: boolean }[] }>(
      'GET',
      '/admin/files?limit=50',
    );
    expect(files.items.map((file) => [file.filename, file.encrypted])).toEqual([
      ['encrypted', true],
      ['encrypted', true],
    ]);
  }, 240_000);

  async function openBundle(language: Language, theme: 'light' | 'dark', route: string) {
    return openSettled(journey, route, {
      asAdmin: false,
      language,
      theme,
      ...(language === 'zh-CN' ? { viewport: PHONE } : {}),
    });
  }

  it('opens with the full link and the password; saves one member and all as a ZIP', async () => {
    const language: Language = 'zh-CN';
    const words = (key: string, vars: Record<string, string | number> = {}) =>
      tr(language, key, vars);
    const { context, page } = await openBundle(
      language,
      'dark',
      new URL(link).pathname + new URL(link).hash,
    );
    const password = await visible(page, page.getByLabel(words('paste.encrypted.passwordLabel')));
    await visible(page, page.getByRole('heading', { name: TITLE }));
    await expectNoAxeFindings(page, 'encrypted bundle, password asked, zh-CN dark');
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: words('paste.encrypted.unlock') }).click();

    const list = await visible(page, page.getByRole('list', { name: words('bundles.page.files') }));
    const gallery = page.getByRole('list', { name: words('bundles.page.gallery') });
    await visible(page, list.getByText(FILES[0]!.name));
    await visible(page, gallery.getByText(FILES[1]!.name));
    // No thumbnail: the server serves ciphertext only.
    expect(await gallery.locator('img').count()).toBe(0);
    expect(await page.getByText('encrypted', { exact: true }).count()).toBe(0);
    await expectNoAxeFindings(page, 'encrypted bundle, open, zh-CN dark');
    await screenshot(page, 'bundle-encrypted-open-zh-CN-dark-phone');

    await controlledByWorker(page);
    const one = await downloadBy(
      page,
      list.getByRole('button', {
        name: words('bundles.page.downloadOf', { name: FILES[0]!.name }),
      }),
    );
    expect(one.suggestedFilename()).toBe(FILES[0]!.name);
    expect((await bytesOf(one)).equals(FILES[0]!.buffer)).toBe(true);
    // Streamed through the service worker, not assembled in the page's memory.
    expect(await page.locator('iframe[src^="/e2e-download/"]').count()).toBe(1);
    await visible(
      page,
      page.getByText(words('bundles.encrypted.saved', { name: FILES[0]!.name })),
      60_000,
    );

    const zip = await downloadBy(
      page,
      page.getByRole('button', { name: words('bundles.page.downloadAll') }),
    );
    expect(zip.suggestedFilename()).toBe(`${TITLE}.zip`);
    expect(execFileSync('unzip', ['-tq', await zip.path()]).toString()).toMatch(/No errors/);
    const entries = readZip(await bytesOf(zip));
    expect(entries.map((entry) => entry.name).sort()).toEqual(FILES.map((f) => f.name).sort());
    for (const file of FILES) {
      const entry = entries.find((candidate) => candidate.name === file.name);
      expect(entry?.data.equals(file.buffer), `${file.name} in the ZIP`).toBe(true);
    }
    await visible(
      page,
      page.getByText(words('bundles.encrypted.saved', { name: `${TITLE}.zip` })),
      60_000,
    );
    await expectNoAxeFindings(page, 'encrypted bundle, saved, zh-CN dark');
    await screenshot(page, 'bundle-encrypted-saved-zh-CN-dark-phone');
    await context.close();
  }, 240_000);

  it.each(FOUR_LOOKS)(
    'looks right opened: $language, $theme, $name',
    async ({ language, theme, viewport, name }) => {
      const { context, page } = await openSettled(
        journey,
        new URL(link).pathname + new URL(link).hash,
        {
          asAdmin: false,
          language,
          theme,
          ...(viewport ? { viewport } : {}),
        },
      );
      await (
        await visible(page, page.getByLabel(tr(language, 'paste.encrypted.passwordLabel')))
      ).fill(PASSWORD);
      await page.getByRole('button', { name: tr(language, 'paste.encrypted.unlock') }).click();
      await visible(
        page,
        page.getByRole('list', { name: tr(language, 'bundles.page.files') }),
        60_000,
      );
      await expectNoAxeFindings(page, `encrypted bundle, open, ${language} ${theme} ${name}`);
      await screenshot(page, `bundle-encrypted-${language}-${theme}-${name}`);
      await context.close();
    },
    120_000,
  );

  it('says the key is missing from a link without the fragment, and names nothing', async () => {
    const { context, page } = await openBundle('en-US', 'dark', new URL(link).pathname);
    await visible(page, page.getByText('The key is missing from the link'));
    expect(await page.getByText(FILES[0]!.name).count()).toBe(0);
    await expectNoAxeFindings(page, 'encrypted bundle, no key, en-US dark');
    await screenshot(page, 'bundle-encrypted-no-key-en-US-dark');
    await context.close();
  });

  it('refuses a wrong password plainly, then opens with the right one', async () => {
    const { context, page } = await openBundle(
      'en-US',
      'light',
      new URL(link).pathname + new URL(link).hash,
    );
    const password = await visible(page, page.getByLabel(/Encryption password/));
    await password.fill('lily');
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await visible(page, page.getByText(/The key or the password is wrong/), 60_000);
    expect(await page.getByText(FILES[0]!.name).count()).toBe(0);
    await expectNoAxeFindings(page, 'encrypted bundle, wrong password, en-US light');
    await screenshot(page, 'bundle-encrypted-wrong-password-en-US-light');
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await visible(page, page.getByRole('list', { name: 'Files' }), 60_000);
    await expectNoAxeFindings(page, 'encrypted bundle, open, en-US light');
    await screenshot(page, 'bundle-encrypted-open-en-US-light');
    await context.close();
  });
});
