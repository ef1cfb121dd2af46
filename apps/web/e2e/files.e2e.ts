import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, uploadViaApi } from './support/api';
import { screenshot } from './support/browser';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

const MARKDOWN_FILE = {
  name: 'notes.md',
  mimeType: 'text/markdown',
  buffer: Buffer.from('# Meeting notes\n\n- decide\n- ship\n'),
};

/** Big enough for the progress bar to show; sent with the Markdown file, so as a buffer. */
const ARCHIVE_FILE = {
  name: 'archive.bin',
  mimeType: 'application/octet-stream',
  buffer: Buffer.alloc(12 * 1024 * 1024, 7),
};

/** Where files handed to Chromium by path are written (see fileOnDisk). */
const bigFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-e2e-files-'));

/**
 * A file of `mib` MiB on disk. By path, Chromium reads it itself; as a buffer, Playwright
 * would send it base64-encoded through the DevTools protocol, which took over 30 s for
 * 45 MiB on a slow machine and timed the journey out before it began.
 */
function fileOnDisk(name: string, mib: number): string {
  const file = path.join(bigFilesDir, name);
  fs.writeFileSync(file, Buffer.alloc(mib * 1024 * 1024, 7));
  return file;
}

/** Polls until `done` is true, noting whether an upload was ever seen in progress. */
async function watchProgress(page: Page, done: () => Promise<boolean>): Promise<boolean> {
  let sawProgress = false;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await page.getByRole('progressbar').count()) > 0) {
      sawProgress = true;
    }
    if (await done()) {
      return sawProgress;
    }
    await page.waitForTimeout(50);
  }
  throw new Error('upload did not finish in time');
}

describe('file shares in the browser', () => {
  const journey = useJourney();
  afterAll(() => {
    fs.rmSync(bigFilesDir, { recursive: true, force: true });
  });

  it('uploads two files with a password, shows progress, and a stranger previews one', async () => {
    const { context, page } = await journey.open('/upload', {
      language: 'en-US',
      theme: 'light',
    });
    await (await visible(page, page.getByText('Default options'))).click();
    await (await visible(page, page.getByPlaceholder('No password'))).fill('pw-123');
    await page.locator('input[type=file]').setInputFiles([MARKDOWN_FILE, ARCHIVE_FILE]);
    await visible(page, page.getByText('2 files'));
    await screenshot(page, 'upload-queue-en-US-light');
    await page.getByRole('button', { name: 'Upload all' }).click();
    const sawProgress = await watchProgress(page, () =>
      page.getByText('2 of 2 uploaded').isVisible(),
    );
    expect(sawProgress).toBe(true);
    await screenshot(page, 'upload-done-en-US-light');

    const files = await listFiles(journey.server.baseUrl, journey.token);
    expect(files.map((f) => f.filename).sort()).toEqual(['archive.bin', 'notes.md']);
    const notes = files.find((f) => f.filename === 'notes.md')!;
    await context.close();

    const stranger = await (
      await journey.context({
        asAdmin: false,
        language: 'zh-CN',
        theme: 'dark',
        // The stranger tries a wrong password first.
        expectProblems: [/HTTP 401 POST \/api\/public\/files\/[^/]+\/verify/],
      })
    ).newPage();
    await stranger.goto(`/file/${notes.slug}`);
    const password = await visible(stranger, stranger.locator('input[type=password]'));
    await password.fill('wrong');
    await password.press('Enter');
    await visible(stranger, stranger.getByText('密码错误'));
    await password.fill('pw-123');
    await password.press('Enter');
    await visible(stranger, stranger.locator('h1', { hasText: 'Meeting notes' }));
    await screenshot(stranger, 'file-markdown-preview-zh-CN-dark');
    await stranger.context().close();
  });

  it('a file limited to one view downloads once, and is refused the second time', async () => {
    const { slug } = await uploadViaApi(
      journey.server.baseUrl,
      journey.token,
      { name: '报告 final.txt', type: 'text/plain', body: 'quarterly numbers' },
      { max_views: '1' },
    );
    const { context, page } = await journey.open(`/file/${slug}`, {
      language: 'en-US',
      theme: 'dark',
      asAdmin: false,
    });
    await visible(page, page.getByText('quarterly numbers'));
    await screenshot(page, 'file-text-preview-en-US-dark');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('报告 final.txt');

    const second = await (
      await journey.context({
        asAdmin: false,
        language: 'en-US',
        // The second visitor meets the used-up share.
        expectProblems: [/HTTP 410 GET \/api\/public\/files\//],
      })
    ).newPage();
    await second.goto(`/file/${slug}`);
    await visible(second, second.getByText('No views left'));
    await screenshot(second, 'file-used-up-en-US-light');
    expect([404, 410]).toContain(
      (await fetch(`${journey.server.baseUrl}/api/file-download/${slug}`)).status,
    );
    await second.context().close();
    await context.close();
  });

  it('cancelling a large upload midway leaves no record', async () => {
    const { context, page } = await journey.open('/upload', {
      language: 'en-US',
    });
    await page.locator('input[type=file]').setInputFiles(fileOnDisk('huge.bin', 45));
    await (await visible(page, page.getByRole('button', { name: 'Upload huge.bin' }))).click();
    await visible(page, page.getByRole('progressbar'));
    await page.getByRole('button', { name: 'Cancel the upload of huge.bin' }).click();
    await visible(page, page.getByRole('button', { name: 'Retry huge.bin' }));
    await screenshot(page, 'upload-cancelled-en-US-light');
    await expect
      .poll(
        async () =>
          (await listFiles(journey.server.baseUrl, journey.token)).some(
            (f) => f.filename === 'huge.bin',
          ),
        { timeout: 15_000 },
      )
      .toBe(false);
    await context.close();
  });
});
