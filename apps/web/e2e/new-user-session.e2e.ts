import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { allowProblems, docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { PHONE } from './support/looks';
import { gradientPng } from './support/png';
import { E2E_ADMIN } from './support/server';
import { visible } from './support/ui';
import { davClientRoundTrip } from './support/dav-client';
import { throttleUploads } from './support/network';
import { readStore } from './support/offline-db';
import { settler } from './support/settle';

/**
 * Issue 30, "done when": a session as a new user — log in, a mount, the explorer, uploads
 * (one cancelled), preview, rename, a folder copied through the task manager, delete, a
 * wrong paste password and a used-up paste, an unknown route, a WebDAV client, offline and
 * back — logs no console error or warning (support/clean-console.ts) and no server line at
 * error level. Then the share password prompts, rate limited, say how long to wait.
 */

const MB = 1024 * 1024;
const ERROR_LEVEL = 50;

describe('a new user’s session is quiet: no console error, no server error', () => {
  // Info level: the cancelled upload's one quiet line is part of what is checked.
  const journey = useJourney({ LOG_LEVEL: 'info' });
  let tmp: string;

  /** A file on disk for the file chooser. */
  function diskFile(relative: string, body: string | Buffer): string {
    const file = path.join(tmp, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
    return file;
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'new-user-session-'));
    const paste = (body: Record<string, unknown>) =>
      journey.call('POST', '/paste', { content: '# Minutes\n', ...body });
    await paste({ slug: 'locked-notes', password: 'open-sesame' });
    await paste({ slug: 'read-once', max_views: 1 });
    const file = { name: 'plan.pdf', type: 'application/pdf', body: '%PDF-1.4 plan' };
    await uploadViaApi(journey.server.baseUrl, journey.token, file, {
      slug: 'locked-plan',
      password: 'pw',
    });
  }, 120_000);

  afterAll(() => {
    if (tmp) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('logs in, mounts, explores, shares, uses WebDAV and goes offline without an error', async () => {
    const context = await journey.context({
      asAdmin: false,
      language: 'en-US',
      theme: 'light',
    });
    const page = await context.newPage();
    await logIn(page);
    await createMount(page);
    await exploreAndUpload(context, page);
    await previewRenameCopyDelete(page);
    await refusedShares();

    // An unknown route says so and goes home.
    await page.goto('/no/such/page');
    await visible(page, page.getByText(/^Page not found/));

    // A drive client with a key of its own: its file shows up in the explorer.
    await davClientRoundTrip(journey.server.baseUrl, journey.token);
    await page.goto('/mount-explorer/home/backup');
    await visible(page, page.getByRole('link', { name: 'from-the-drive.txt' }));
    // The device keeps this listing for offline use (written after the page shows it).
    await expect.poll(() => keptListing(page, '/home/backup')).toContain('from-the-drive.txt');

    await offlineAndBack(context, page);
    await context.close();

    const cancelled = journey.server
      .logLines()
      .filter((line) => line.msg.includes('client aborted'));
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((line) => line.level < ERROR_LEVEL && !('err' in line))).toBe(true);
    expect(journey.server.logLines().filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
  });

  async function logIn(page: Page): Promise<void> {
    await page.goto('/admin');
    await (await visible(page, page.getByLabel('Username'))).fill(E2E_ADMIN.username);
    await page.locator('input[autocomplete="current-password"]').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await visible(page, page.getByRole('button', { name: 'Log out' }));
  }

  async function createMount(page: Page): Promise<void> {
    await page.goto('/admin/mount-management');
    await (await visible(page, page.getByRole('button', { name: 'Add mount' }).first())).click();
    const form = page.getByRole('form', { name: 'Mount' });
    await (await visible(page, form.getByRole('textbox', { name: 'Name' }))).fill('Home');
    await form.getByRole('textbox', { name: 'Mount path' }).fill('/home');
    await visible(page, form.getByRole('textbox', { name: 'Storage config' }));
    await form.getByRole('button', { name: 'Create' }).click();
    await visible(page, page.getByRole('link', { name: '/home' }));
  }

  async function exploreAndUpload(context: BrowserContext, page: Page): Promise<void> {
    await page.goto('/mount-explorer');
    const table = page.getByRole('table', { name: 'Files and folders' });
    await (await visible(page, table.getByRole('link', { name: 'home' }))).click();
    await visible(page, page.getByText('This folder is empty'));
    const queue = page.getByRole('region', { name: 'Uploads' });
    const row = (name: string) => queue.getByRole('listitem', { name });

    await page
      .getByTestId('explorer-upload-files')
      .setInputFiles([
        diskFile('notes.txt', 'first notes\n'),
        diskFile('photo.png', gradientPng(320, 200)),
      ]);
    await visible(page, row('notes.txt').getByText('Uploaded'));
    await visible(page, row('photo.png').getByText('Uploaded'));
    diskFile('photos/a.txt', 'a');
    diskFile('photos/2024/b.txt', 'b');
    await page.getByTestId('explorer-upload-folder').setInputFiles(path.join(tmp, 'photos'));
    await visible(page, row('photos/2024/b.txt').getByText('Uploaded'));

    // A large upload cancelled midway: the client's decision, not a server error.
    const unthrottle = await throttleUploads(context, page, 2 * MB);
    await page
      .getByTestId('explorer-upload-files')
      .setInputFiles(diskFile('big.bin', Buffer.alloc(12 * MB, 7)));
    await visible(page, row('big.bin').getByText(/^[1-9]\d?% · /));
    await row('big.bin').getByRole('button', { name: 'Cancel the upload of big.bin' }).click();
    await visible(page, row('big.bin').getByText('Cancelled'));
    await unthrottle();
    await queue.getByRole('button', { name: 'Clear finished' }).click();
  }

  async function previewRenameCopyDelete(page: Page): Promise<void> {
    const table = page.getByRole('table', { name: 'Files and folders' });
    await (await visible(page, table.getByRole('link', { name: 'photo.png' }))).click();
    const preview = page.getByRole('dialog', { name: 'photo.png' });
    await visible(page, preview.getByRole('img', { name: 'Preview of photo.png' }));
    await preview.getByRole('button', { name: 'Close the preview' }).click();

    await table.getByRole('button', { name: 'Actions for notes.txt' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename notes.txt' });
    await (await visible(page, rename.getByRole('textbox', { name: 'Name' }))).fill('minutes.txt');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await visible(page, table.getByRole('link', { name: 'minutes.txt' }));

    await page.getByRole('button', { name: 'New folder' }).click();
    const folder = page.getByRole('dialog', { name: 'New folder' });
    await (await visible(page, folder.getByRole('textbox', { name: 'Name' }))).fill('backup');
    await folder.getByRole('button', { name: 'Create' }).click();
    await visible(page, table.getByRole('link', { name: 'backup' }));

    await table.getByRole('checkbox', { name: 'Select photos' }).check();
    await page
      .getByRole('region', { name: 'Actions on the selection' })
      .getByRole('button', { name: 'Copy to…' })
      .click();
    const copy = page.getByRole('dialog', { name: 'Copy to another folder' });
    await (await visible(page, copy.getByRole('button', { name: 'Choose folder…' }))).click();
    const picker = page.getByRole('dialog', { name: 'Choose the target folder' });
    await (await visible(page, picker.getByRole('listitem', { name: 'Open backup' }))).click();
    await visible(page, picker.getByText('No folders here'));
    await picker.getByRole('button', { name: 'Copy into this folder' }).click();
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    const manager = page.getByRole('dialog', { name: 'Task manager' });
    await visible(page, manager.getByRole('article').getByText('Completed'));
    await page.keyboard.press('Escape');

    await table.getByRole('button', { name: 'Actions for minutes.txt' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete minutes.txt?' });
    await (await visible(page, confirm.getByRole('button', { name: 'Delete' }))).click();
    await visible(page, page.getByText('Deleted minutes.txt'));
  }

  /** Links a stranger was sent: one protected, one that can be read once. */
  async function refusedShares(): Promise<void> {
    const context = await journey.context({
      asAdmin: false,
      language: 'en-US',
      theme: 'light',
      // The refusals provoked on purpose: each is shown in the page, not logged.
      expectProblems: [/HTTP 401 POST \/api\/paste\/locked-notes$/, /HTTP 410 GET \/api\/paste\//],
    });
    const page = await context.newPage();
    await page.goto('/paste/locked-notes');
    await (await visible(page, page.getByLabel('Password'))).fill('a wrong guess');
    await page.getByRole('button', { name: 'Open share' }).click();
    await visible(page, page.getByText('Wrong password'));

    await page.goto('/paste/read-once');
    await visible(page, page.getByRole('heading', { name: 'Minutes' }));
    await page.reload();
    await visible(page, page.getByText('No views left'));
    await context.close();
  }

  /** The names in the offline copy of a folder's listing, as the admin's device keeps it. */
  async function keptListing(page: Page, folder: string): Promise<string[]> {
    const kept = (await readStore(page, 'directories')).find(
      (entry) => entry.path === `admin:${folder}`,
    );
    const data = kept?.data as { items?: { name: string }[] } | undefined;
    return data?.items?.map((item) => item.name) ?? [];
  }

  async function offlineAndBack(context: BrowserContext, page: Page): Promise<void> {
    const settle = settler(page);
    await page.goto('/mount-explorer/home');
    const table = page.getByRole('table', { name: 'Files and folders' });
    await visible(page, table.getByRole('link', { name: 'photos' }));
    // The network goes once the page is idle: a request cut in flight is the network's
    // failure, not one the app made while it knew it was offline.
    await settle();
    await context.setOffline(true);
    await visible(page, page.getByRole('status', { name: 'Offline' }));
    // Within the app, as its links go: the folders seen are there from this device's copy.
    await table.getByRole('link', { name: 'backup' }).click();
    await visible(page, table.getByRole('link', { name: 'from-the-drive.txt' }));
    await page.goBack();
    await visible(page, table.getByRole('link', { name: 'photos' }));
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('status', { name: 'Offline' }).count()).toBe(0);
    await table.getByRole('link', { name: 'backup' }).click();
    await visible(page, table.getByRole('link', { name: 'photos' }));
  }

  it('the share password prompts say how long to wait once rate limited', async () => {
    // Wrong passwords from this machine until the server answers 429 (per client, 15 min).
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
      const res = await fetch(`${journey.server.baseUrl}/api/paste/locked-notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: `guess-${attempt}` }),
      });
      status = res.status;
    }
    expect(status).toBe(429);
    const looks = [
      { language: 'en-US', theme: 'light', phone: false },
      { language: 'zh-CN', theme: 'dark', phone: false },
      { language: 'en-US', theme: 'dark', phone: true },
      { language: 'zh-CN', theme: 'light', phone: true },
    ] as const;
    for (const look of looks) {
      const en = look.language === 'en-US';
      const context = await journey.context({
        asAdmin: false,
        language: look.language,
        theme: look.theme,
        ...(look.phone ? { viewport: PHONE } : {}),
      });
      allowProblems(
        context,
        /HTTP 429 POST \/api\/(paste\/locked-notes|public\/files\/.+\/verify)$/,
      );
      const page = await context.newPage();
      const suffix = `${look.language}-${look.theme}${look.phone ? '-phone' : ''}`;
      // The window opened with the first wrong password, under a minute or two ago.
      const wait = en
        ? /^Too many attempts\. Try again in 1[345] minutes\.$/
        : /^尝试次数过多，请 1[345] 分钟后再试。$/;
      for (const [route, name, submit] of [
        ['/paste/locked-notes', 'paste', en ? 'Open share' : '打开分享'],
        ['/file/locked-plan', 'file', en ? 'Open file' : '打开文件'],
      ] as const) {
        await page.goto(route);
        await (await visible(page, page.getByLabel(en ? 'Password' : '密码'))).fill('one more');
        await page.getByRole('button', { name: submit }).click();
        await visible(page, page.getByText(wait));
        await docsScreenshot(page, `${name}-password-wait-${suffix}`);
      }
      await context.close();
    }
  });
});
