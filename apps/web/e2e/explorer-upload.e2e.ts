import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { dragFiles } from './support/drag-files';
import { useJourney } from './support/journey';
import { tr, type Language } from './support/messages';
import { throttleUploads } from './support/network';
import { visible } from './support/ui';

const PHONE = { width: 375, height: 812 };
const MB = 1024 * 1024;

interface Listing {
  items: { name: string; size: number; isDirectory: boolean }[];
}

describe('mount explorer: uploads and copy to another folder', () => {
  const journey = useJourney();
  let tmp: string;

  const api = <T>(method: string, route: string, body?: unknown) =>
    journey.call<T>(method, route, body);
  const list = (folder: string) =>
    api<Listing>('GET', `/admin/fs/list?path=${encodeURIComponent(folder)}`).then((listing) =>
      listing.items.map((item) => item.name).sort(),
    );

  /** A file on disk for the file chooser: `size` bytes of a repeating pattern. */
  function diskFile(relative: string, size: number): string {
    const file = path.join(tmp, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const pattern = Buffer.from(`${relative} `);
    const body = Buffer.alloc(size);
    for (let at = 0; at < size; at += pattern.length) {
      pattern.copy(body, at);
    }
    fs.writeFileSync(file, body);
    return file;
  }

  async function openFolder(
    options: { language?: Language; theme?: 'light' | 'dark'; phone?: boolean } = {},
    folder = '/team/in',
  ) {
    const { context, page } = await journey.open(`/mount-explorer${folder}`, {
      language: options.language ?? 'en-US',
      theme: options.theme ?? 'light',
      ...(options.phone ? { viewport: PHONE } : {}),
    });
    await visible(page, page.getByTestId('explorer-drop-zone'));
    return { context, page };
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-upload-'));
    const configs = await api<{ id: string; is_default: boolean }[]>('GET', '/s3-configs');
    const local = configs.find((config) => config.is_default) ?? configs[0];
    await api('POST', '/admin/mounts', {
      name: 'Team',
      mount_path: '/team',
      storage_config_id: local?.id,
    });
    await api('POST', '/admin/fs/mkdir', { path: '/team/in' });
    await api('POST', '/admin/fs/mkdir', { path: '/team/backup' });
  }, 120_000);

  afterAll(() => {
    if (tmp) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('uploads files by button and by drop, a folder, and a 12 MB file in parts; cancels and retries', async () => {
    const { context, page } = await openFolder();
    const queue = page.getByRole('region', { name: 'Uploads' });
    const row = (name: string) => queue.getByRole('listitem', { name });
    await visible(page, page.getByText('This folder is empty'));
    expect(await queue.count()).toBe(0);

    // Two files through "Upload files".
    await page
      .getByTestId('explorer-upload-files')
      .setInputFiles([diskFile('alpha.txt', 1200), diskFile('beta.md', 300)]);
    await visible(page, row('alpha.txt').getByText('Uploaded'));
    await visible(page, row('beta.md').getByText('Uploaded'));
    await visible(page, row('alpha.txt').getByText('To /team/in · 1.17 KiB'));
    // The listing shows them without a reload.
    await visible(page, page.getByRole('link', { name: 'alpha.txt' }));
    await visible(page, page.getByRole('link', { name: 'beta.md' }));

    // One by drag and drop: the overlay says where it goes.
    await dragFiles(page, [{ name: 'dropped.txt', text: 'dropped on the listing' }], false);
    await visible(page, page.getByText('They go into /team/in'));
    await dragFiles(page, [{ name: 'dropped.txt', text: 'dropped on the listing' }]);
    await visible(page, row('dropped.txt').getByText('Uploaded'));
    await visible(page, page.getByRole('link', { name: 'dropped.txt' }));

    // A folder keeps its structure.
    diskFile('photos/a.txt', 100);
    diskFile('photos/2024/b.txt', 200);
    await page.getByTestId('explorer-upload-folder').setInputFiles(path.join(tmp, 'photos'));
    await visible(page, row('photos/a.txt').getByText('Uploaded'));
    await visible(page, row('photos/2024/b.txt').getByText('Uploaded'));
    await visible(page, row('photos/2024/b.txt').getByText(/^To \/team\/in\/photos\/2024/));
    await visible(page, page.getByRole('link', { name: 'photos' }));
    expect(await list('/team/in/photos')).toEqual(['2024', 'a.txt']);
    expect(await list('/team/in/photos/2024')).toEqual(['b.txt']);

    // 12 MB goes multipart (5 MiB parts), with progress, speed and time left while it runs.
    const parts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/fs/multipart/part?')) {
        parts.push(new URL(request.url()).searchParams.get('partNumber') ?? '');
      }
    });
    const unthrottle = await throttleUploads(context, page, 3 * MB);
    await page.getByTestId('explorer-upload-files').setInputFiles(diskFile('big.bin', 12 * MB));
    await visible(page, row('big.bin').getByRole('progressbar', { name: 'Upload of big.bin' }));
    await visible(
      page,
      row('big.bin').getByText(/\d+% · [\d.]+ MiB \/ 12 MiB · [\d.]+ (KiB|MiB)\/s · \d+:\d\d left/),
    );
    await visible(page, row('big.bin').getByText('Uploaded'));
    expect([...new Set(parts)].sort()).toEqual(['1', '2', '3']);
    const inFolder = await api<Listing>('GET', '/admin/fs/list?path=%2Fteam%2Fin');
    expect(inFolder.items.find((item) => item.name === 'big.bin')?.size).toBe(12 * MB);

    // Cancelled midway: nothing is left behind; a retry uploads it whole.
    await page
      .getByTestId('explorer-upload-files')
      .setInputFiles(diskFile('cancel-me.bin', 12 * MB));
    await visible(page, row('cancel-me.bin').getByText(/^[1-9]\d?% · /));
    await row('cancel-me.bin')
      .getByRole('button', { name: 'Cancel the upload of cancel-me.bin' })
      .click();
    await visible(page, row('cancel-me.bin').getByText('Cancelled'));
    await visible(page, row('cancel-me.bin').getByText('Upload cancelled'));
    await expect.poll(() => list('/team/in')).not.toContain('cancel-me.bin');
    await unthrottle();
    await row('cancel-me.bin').getByRole('button', { name: 'Retry cancel-me.bin' }).click();
    await visible(page, row('cancel-me.bin').getByText('Uploaded'));
    expect(await list('/team/in')).toContain('cancel-me.bin');

    // "Clear finished" empties the queue, which then is not shown at all.
    await queue.getByRole('button', { name: 'Clear finished' }).click();
    await expect.poll(() => queue.count()).toBe(0);
    await context.close();
  });

  it('copies a folder into another with the chooser and follows the task to its end', async () => {
    const { context, page } = await openFolder();
    await (await visible(page, page.getByRole('checkbox', { name: 'Select photos' }))).check();
    await page
      .getByRole('region', { name: 'Actions on the selection' })
      .getByRole('button', { name: 'Copy to…' })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Copy to another folder' });
    await visible(page, dialog.getByText('1 item to copy'));
    expect(await dialog.getByRole('button', { name: 'Copy', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Choose folder…' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the target folder' });
    // The chooser starts in the folder of the selection.
    await visible(page, picker.getByRole('listitem', { name: 'Open photos' }));
    await picker.getByRole('button', { name: 'Up one folder' }).click();
    await (await visible(page, picker.getByRole('listitem', { name: 'Open backup' }))).click();
    await visible(page, picker.getByText('No folders here'));
    await picker.getByRole('button', { name: 'Copy into this folder' }).click();
    await visible(page, dialog.getByText('/team/backup', { exact: true }));
    await dialog.getByRole('checkbox', { name: /Skip files that already exist/ }).check();
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();

    await visible(page, page.getByText('Copy started'));
    const manager = page.getByRole('dialog', { name: 'Task manager' });
    const card = manager.getByRole('article');
    await visible(page, card.getByText('Completed'));
    await visible(page, card.getByText('2 done · 0 skipped · 0 failed'));
    expect(await list('/team/backup/photos')).toEqual(['2024', 'a.txt']);
    expect(await list('/team/backup/photos/2024')).toEqual(['b.txt']);
    await page.keyboard.press('Escape');

    await page.goto('/mount-explorer/team/backup');
    await visible(page, page.getByRole('link', { name: 'photos' }));
    await context.close();
  });

  it('warns and refuses when a folder would be copied into its own subfolder', async () => {
    const { context, page } = await openFolder();
    const menu = await visible(page, page.getByRole('button', { name: 'Actions for photos' }));
    await menu.click();
    await page.getByRole('menuitem', { name: 'Copy to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy to another folder' });
    await (await visible(page, dialog.getByRole('button', { name: 'Choose folder…' }))).click();
    const picker = page.getByRole('dialog', { name: 'Choose the target folder' });
    await (await visible(page, picker.getByRole('listitem', { name: 'Open photos' }))).click();
    await (await visible(page, picker.getByRole('listitem', { name: 'Open 2024' }))).click();
    await visible(page, picker.getByText('No folders here'));
    await picker.getByRole('button', { name: 'Copy into this folder' }).click();

    await visible(
      page,
      dialog.getByText(
        'The folder /team/in/photos cannot be copied into itself or one of its own subfolders (/team/in/photos/2024). Choose another folder.',
      ),
    );
    expect(await dialog.getByRole('button', { name: 'Copy', exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('takes the screenshots in both languages, both themes and at phone width', async () => {
    // Lowered for the pictures, so one file shows the "too large" refusal.
    await api('PUT', '/admin/system-settings', { max_upload_size: 20, max_upload_size_unit: 'MB' });
    const looks = [
      { language: 'en-US', theme: 'light', phone: false },
      { language: 'zh-CN', theme: 'dark', phone: false },
      { language: 'en-US', theme: 'dark', phone: true },
      { language: 'zh-CN', theme: 'light', phone: true },
    ] as const;
    for (const look of looks) {
      const { language } = look;
      const suffix = `${language}-${look.theme}${look.phone ? '-phone' : ''}`;
      const { context, page } = await openFolder(look);
      const queue = page.getByRole('region', { name: tr(language, 'explorerUpload.title') });
      const row = (name: string) => queue.getByRole('listitem', { name });

      await page
        .getByTestId('explorer-upload-files')
        .setInputFiles([diskFile('report.pdf', 40_000), diskFile('huge.iso', 21 * MB)]);
      await visible(
        page,
        row('report.pdf').getByText(tr(language, 'explorerUpload.status.success')),
      );
      await visible(page, row('huge.iso').getByRole('alert'));
      const unthrottle = await throttleUploads(context, page, 1 * MB);
      await page.getByTestId('explorer-upload-files').setInputFiles(diskFile('video.mp4', 12 * MB));
      await visible(page, row('video.mp4').getByText(/\d+:\d\d/));
      await docsScreenshot(page, `explorer-upload-${suffix}`);
      await row('video.mp4')
        .getByRole('button', {
          name: tr(language, 'explorerUpload.cancelFile', { name: 'video.mp4' }),
        })
        .click();
      await unthrottle();

      const menu = page.getByRole('button', {
        name: tr(language, 'explorer.actions.entryMenu', { name: 'photos' }),
      });
      await (await visible(page, menu)).click();
      await page.getByRole('menuitem', { name: tr(language, 'explorer.actions.copyTo') }).click();
      const dialog = page.getByRole('dialog', { name: tr(language, 'explorerCopy.title') });
      await (
        await visible(
          page,
          dialog.getByRole('button', { name: tr(language, 'explorerCopy.choose') }),
        )
      ).click();
      const picker = page.getByRole('dialog', { name: tr(language, 'explorerCopy.pickerTitle') });
      await (
        await visible(
          page,
          picker.getByRole('listitem', {
            name: tr(language, 'folderPicker.open', { name: 'photos' }),
          }),
        )
      ).click();
      await visible(
        page,
        picker.getByRole('listitem', { name: tr(language, 'folderPicker.open', { name: '2024' }) }),
      );
      await docsScreenshot(page, `explorer-copy-picker-${suffix}`);
      await picker.getByRole('button', { name: tr(language, 'explorerCopy.useFolder') }).click();
      await visible(page, dialog.getByRole('alert'));
      await docsScreenshot(page, `explorer-copy-${suffix}`);
      await context.close();
    }
  });
});
