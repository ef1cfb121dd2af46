import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { filesHolding } from './support/data-dir';
import { useJourney } from './support/journey';
import { visible } from './support/ui';

const NAME = 'merger-plan-orion.txt';
const MARKER = 'CONFIDENTIAL-ORION-MERGER';
const MIB = 1024 * 1024;
const PHONE = { width: 390, height: 844 };

/** Where the plaintext file is written for Chromium to read by path (see files.e2e.ts). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-e2e-encrypted-'));

/** `mib` MiB of distinctive text lines: any plaintext left on the server would show. */
function plaintextOnDisk(mib: number): string {
  const file = path.join(dir, NAME);
  const lines: string[] = [];
  let size = 0;
  for (let line = 0; size < mib * MIB; line += 1) {
    const text = `${MARKER} line ${String(line).padStart(8, '0')}: the numbers stay secret\n`;
    lines.push(text);
    size += text.length;
  }
  fs.writeFileSync(file, lines.join('').slice(0, mib * MIB));
  return file;
}

/** The one stored file of `size` bytes under `root`: the share's object. */
function storedObject(root: string, size: number): string {
  const found = fs
    .readdirSync(root, { withFileTypes: true, recursive: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((full) => fs.statSync(full).isFile() && fs.statSync(full).size === size);
  expect(found).toHaveLength(1);
  return found[0] ?? '';
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Until the service worker controls the page: the streamed download goes through it. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe('an end-to-end encrypted file share (issue 35)', () => {
  const journey = useJourney();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is sealed in the browser, stored as ciphertext under no name, and saved decrypted with the full link', async () => {
    const plaintext = plaintextOnDisk(50);
    const { context: authorContext, page: author } = await journey.open('/upload', {
      language: 'en-US',
      theme: 'light',
    });
    await (await visible(author, author.getByText('Default options'))).click();
    await (await visible(author, author.getByText('End-to-end encrypt', { exact: true }))).click();
    await (await visible(author, author.getByLabel(/Encryption password/))).fill('orchid');
    await screenshot(author, 'upload-encrypt-en-US-light');
    await author.locator('input[type=file]').setInputFiles(plaintext);
    await author
      .getByRole('button', { name: /^Upload/ })
      .first()
      .click();
    const linkText = await visible(
      author,
      author.getByRole('link', { name: /\/file\/[\w-]+#k=/ }),
      120_000,
    );
    const link = (await linkText.textContent()) ?? '';
    expect(link).toMatch(/^http:\/\/[^/]+\/file\/[\w-]+#k=[A-Za-z0-9_-]{43}$/);
    await screenshot(author, 'upload-encrypted-done-en-US-light');
    // Each part was staged on disk while it was sent, and removed after.
    const stagedLeft = await author.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const folder = await root.getDirectoryHandle('pastebox-upload-parts', { create: true });
      const names: string[] = [];
      for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) {
        names.push(name);
      }
      return names;
    });
    expect(stagedLeft).toEqual([]);

    // The server never had the text or the name: not in the database, its journal, the
    // storage or a temp file.
    expect(filesHolding(journey.server.dataDir, MARKER)).toEqual([]);
    expect(filesHolding(journey.server.dataDir, 'merger-plan')).toEqual([]);
    const slug = new URL(link).pathname.split('/').pop() ?? '';
    const stored = await journey.call<{ filename: string; mimetype: string; size: number }>(
      'GET',
      `/public/files/${slug}`,
    );
    expect(stored).toMatchObject({ filename: 'encrypted', mimetype: 'application/octet-stream' });
    expect(stored.size).toBeGreaterThan(50 * MIB);
    // The admin's list shows the placeholder name, marked encrypted.
    await author.goto('/admin/file-management');
    await visible(author, author.getByText('End-to-end encrypted').first());
    expect(await author.getByText(NAME).count()).toBe(0);
    await screenshot(author, 'admin-files-encrypted-en-US-light');
    await authorContext.close();

    // A fresh browser with the full link and the password saves the original.
    const readerContext = await journey.context({
      language: 'zh-CN',
      theme: 'dark',
      asAdmin: false,
      viewport: PHONE,
    });
    const reader = await readerContext.newPage();
    await reader.goto(link);
    const password = await visible(reader, reader.getByLabel(/加密密码/));
    await password.fill('lily');
    await reader.getByRole('button', { name: '解密' }).click();
    await visible(reader, reader.getByText(/密钥或密码错误/));
    await password.fill('orchid');
    await reader.getByRole('button', { name: '解密' }).click();
    await visible(reader, reader.getByRole('heading', { name: NAME }));
    await screenshot(reader, 'file-encrypted-open-zh-CN-dark-phone');
    await controlledByWorker(reader);
    const [download] = await Promise.all([
      reader.waitForEvent('download', { timeout: 120_000 }),
      reader.getByRole('button', { name: '解密并下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(NAME);
    // Streamed through the service worker, not assembled in the page's memory.
    expect(await reader.locator('iframe[src^="/e2e-download/"]').count()).toBe(1);
    const saved = path.join(dir, 'saved.txt');
    await download.saveAs(saved);
    expect(sha256(saved)).toBe(sha256(plaintext));
    await visible(reader, reader.getByText('已解密并保存。'), 60_000);
    await readerContext.close();

    // A changed byte in the stored ciphertext stops the download: never saved as whole.
    const object = storedObject(journey.server.dataDir, stored.size);
    const handle = fs.openSync(object, 'r+');
    const byte = Buffer.alloc(1);
    fs.readSync(handle, byte, 0, 1, 20 * MIB);
    fs.writeSync(handle, Buffer.from([byte[0]! ^ 0x01]), 0, 1, 20 * MIB);
    fs.closeSync(handle);
    const { context: tamperedContext, page: tampered } = await journey.open(
      link.replace(/^http:\/\/[^/]+/, ''),
      { language: 'en-US', theme: 'light', asAdmin: false },
    );
    await (await visible(tampered, tampered.getByLabel(/Encryption password/))).fill('orchid');
    await tampered.getByRole('button', { name: 'Decrypt' }).click();
    await controlledByWorker(tampered);
    await tampered.getByRole('button', { name: 'Decrypt and download' }).click();
    await visible(tampered, tampered.getByText('The download was stopped'), 60_000);
    await screenshot(tampered, 'file-encrypted-damaged-en-US-light');
    await tamperedContext.close();

    // Without the key the page says so and names nothing.
    const { context: withoutKeyContext, page: withoutKey } = await journey.open(
      link.replace(/#.*$/, '').replace(/^http:\/\/[^/]+/, ''),
      { language: 'en-US', theme: 'dark', asAdmin: false },
    );
    await visible(withoutKey, withoutKey.getByText('The key is missing from the link'));
    expect(await withoutKey.getByText(NAME).count()).toBe(0);
    await screenshot(withoutKey, 'file-encrypted-no-key-en-US-dark');
    await withoutKeyContext.close();
  }, 300_000);
});
