import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from './support/api';
import { docsScreenshot, launchBrowser, newContext, type ContextOptions } from './support/browser';
import { gradientPng } from './support/png';
import { startServer, type RunningServer } from './support/server';
import { typeInEditor, visible } from './support/ui';

const PHONE = { width: 375, height: 812 };

describe('the mount explorer', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  /** One JSON call to the API as the admin; throws on anything but 2xx. */
  const api = <T>(method: string, route: string, body?: unknown): Promise<T> =>
    adminCall<T>(server.baseUrl, token, method, route, body);

  async function upload(filePath: string, bytes: Buffer, type: string): Promise<void> {
    const form = new FormData();
    form.append('path', filePath);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), path.basename(filePath));
    const res = await fetch(`${server.baseUrl}/api/admin/fs/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) {
      throw new Error(`upload ${filePath}: ${res.status} ${await res.text()}`);
    }
  }

  const names = async (folder: string) =>
    (
      await api<{ items: { name: string }[] }>(
        'GET',
        `/admin/fs/list?path=${encodeURIComponent(folder)}`,
      )
    ).items
      .map((item) => item.name)
      .sort();

  async function fileText(filePath: string): Promise<string> {
    const res = await fetch(
      `${server.baseUrl}/api/admin/fs/download?path=${encodeURIComponent(filePath)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return res.text();
  }

  async function openPage(options: Omit<ContextOptions, 'baseUrl'>) {
    const context = await newContext(browser, { baseUrl: server.baseUrl, ...options });
    const page = await context.newPage();
    // Console errors, page errors and 4xx/5xx answers fail the journey through the shared
    // watch of newContext (support/clean-console.ts).
    return { context, page };
  }

  /** The explorer at `where` (English, light) for the admin unless told whom, and its table. */
  async function openExplorer(
    where: string,
    credentials: Pick<ContextOptions, 'adminToken' | 'apiKey'> = { adminToken: token },
  ) {
    const { context, page } = await openPage({ language: 'en-US', theme: 'light', ...credentials });
    await page.goto(where);
    const table = page.getByRole('table', { name: 'Files and folders' });
    return { context, page, table };
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await server.adminToken();
    // A mount shows its storage config's whole root: each mount gets a disk of its own.
    const configs = await api<{ id: string; is_default: boolean }[]>('GET', '/s3-configs');
    const teamDisk = configs.find((config) => config.is_default) ?? configs[0];
    const photoDisk = await api<{ id: string }>('POST', '/s3-configs', {
      name: 'Photo disk',
      provider_type: 'local',
      root_path: 'photo-disk',
    });
    for (const [name, mountPath, storageId, order] of [
      ['Team', '/team', teamDisk?.id, 0],
      ['Photos', '/photos', photoDisk.id, 1],
    ] as const) {
      await api('POST', '/admin/mounts', {
        name,
        mount_path: mountPath,
        storage_config_id: storageId,
        sort_order: order,
        cache_ttl: 300,
      });
    }
    await api('POST', '/admin/fs/update', {
      path: '/team/readme.md',
      content: '# Team handbook\n\n- **Be kind**\n- Ship small\n\n```ts\nconst answer = 42;\n```\n',
    });
    await api('POST', '/admin/fs/update', { path: '/team/notes.txt', content: 'first notes\n' });
    await api('POST', '/admin/fs/update', {
      path: '/team/docs/plan.txt',
      content: 'the plan\n',
    });
    await api('POST', '/admin/fs/update', {
      path: '/team/docs/budget.csv',
      content: 'item,cost\ncoffee,12\n',
    });
    await api('POST', '/admin/fs/mkdir', { path: '/team/archive' });
    await upload('/team/photo.png', gradientPng(320, 200), 'image/png');
    await upload('/photos/sunset.png', gradientPng(240, 160), 'image/png');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('browses by links and breadcrumbs, creates a folder, writes and edits a text file', async () => {
    const { context, page, table } = await openExplorer('/mount-explorer');
    await visible(page, table.getByRole('link', { name: 'photos' }));
    // The mounts in the administrator's sort order; Enter on a focused link opens it.
    expect(await table.getByRole('link').allTextContents()).toEqual(['team', 'photos']);
    await table.getByRole('link', { name: 'team' }).focus();
    await page.keyboard.press('Enter');
    await visible(page, table.getByRole('link', { name: 'readme.md' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer/team');
    // Folders first, then files, by name.
    expect(await table.getByRole('link').allTextContents()).toEqual([
      'archive',
      'docs',
      'notes.txt',
      'photo.png',
      'readme.md',
    ]);
    await table.getByRole('link', { name: 'docs' }).click();
    await visible(page, table.getByRole('link', { name: 'plan.txt' }));
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    await crumbs.getByRole('link', { name: 'team' }).click();
    await visible(page, table.getByRole('link', { name: 'readme.md' }));
    await crumbs.getByRole('link', { name: 'All mounts' }).click();
    await visible(page, table.getByRole('link', { name: 'photos' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer');
    await page.goBack();
    await visible(page, table.getByRole('link', { name: 'readme.md' }));

    // A new folder, through its dialog.
    await page.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await (await visible(page, folderDialog.getByRole('textbox', { name: 'Name' }))).fill('docs');
    await folderDialog.getByRole('button', { name: 'Create' }).click();
    await visible(page, folderDialog.getByText('Something named docs is already here'));
    await folderDialog.getByRole('textbox', { name: 'Name' }).fill('reports');
    await folderDialog.getByRole('button', { name: 'Create' }).click();
    await visible(page, table.getByRole('link', { name: 'reports' }));
    expect(await names('/team')).toContain('reports');

    // A new text file, written in the editor and saved.
    await page.getByRole('button', { name: 'New text file' }).click();
    const fileDialog = page.getByRole('dialog', { name: 'New text file' });
    await (await visible(page, fileDialog.getByRole('textbox', { name: 'Name' }))).fill('todo.md');
    await fileDialog.getByRole('button', { name: 'Create' }).click();
    const editor = page.getByRole('dialog', { name: 'todo.md' });
    await visible(page, editor.getByText('New file: todo.md'));
    await typeInEditor(page, '# Todo\n\n- write the explorer');
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved todo.md'));
    expect(await fileText('/team/todo.md')).toBe('# Todo\n\n- write the explorer');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await visible(page, table.getByRole('link', { name: 'todo.md' }));

    // Editing an existing file; closing with unsaved changes asks first.
    await table.getByRole('button', { name: 'Actions for notes.txt' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const notesEditor = page.getByRole('dialog', { name: 'notes.txt' });
    await visible(page, notesEditor.getByText('Edit notes.txt'));
    // CodeMirror came with the first file's editing: this editor starts with it.
    await visible(page, notesEditor.locator('.cm-content').getByText('first notes'));
    await typeInEditor(page, 'second notes');
    await notesEditor.getByRole('button', { name: 'Close' }).last().click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await (await visible(page, discard.getByRole('button', { name: 'Keep editing' }))).click();
    await notesEditor.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved notes.txt'));
    expect(await fileText('/team/notes.txt')).toBe('second notes');
    await notesEditor.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => notesEditor.count()).toBe(0);

    await context.close();
  });

  it('opens a large text file straight in CodeMirror, and saves an edit to it', async () => {
    // 4,000 lines, about 200 KB: over the plain editor's limit (PLAIN_EDITOR_MAX_CHARS).
    const lines = Array.from({ length: 4_000 }, (_, n) => `${n + 1}: a line of a long log file`);
    await upload('/team/big.log', Buffer.from(lines.join('\n')), 'text/plain');
    // A fresh page: CodeMirror's chunk is not loaded yet, so the editor has to fetch it.
    const { context, page, table } = await openExplorer('/mount-explorer/team');
    await (await visible(page, table.getByRole('button', { name: 'Actions for big.log' }))).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const bigEditor = page.getByRole('dialog', { name: 'big.log' });
    const content = await visible(page, bigEditor.locator('.cm-content'));
    await visible(page, content.getByText('1: a line of a long log file'));
    // No textarea was painted for it.
    expect(await bigEditor.locator('.pb-editor').count()).toBe(0);
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\nthe end');
    await bigEditor.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved big.log'));
    expect(await fileText('/team/big.log')).toBe(`${lines.join('\n')}\nthe end`);
    await bigEditor.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => bigEditor.count()).toBe(0);
    await context.close();
    // The other journeys list /team.
    await api('POST', '/admin/fs/batch-remove', { paths: ['/team/big.log'] });
  });

  it('previews an image and a Markdown file through ?preview=, which a reload keeps', async () => {
    const { context, page, table } = await openExplorer('/mount-explorer/team');
    await (await visible(page, table.getByRole('link', { name: 'photo.png' }))).click();
    expect(new URL(page.url()).searchParams.get('preview')).toBe('photo.png');
    const dialog = page.getByRole('dialog', { name: 'photo.png' });
    const image = await visible(page, dialog.getByRole('img', { name: 'Preview of photo.png' }));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

    await page.reload();
    await visible(page, page.getByRole('dialog', { name: 'photo.png' }).getByRole('img'));
    // → steps to the next file in the folder, in place.
    await page
      .getByRole('dialog', { name: 'photo.png' })
      .getByRole('button', { name: 'Close the preview' })
      .focus();
    await page.keyboard.press('ArrowRight');
    await visible(
      page,
      page
        .getByRole('dialog', { name: 'readme.md' })
        .getByRole('heading', { name: 'Team handbook' }),
    );
    expect(new URL(page.url()).searchParams.get('preview')).toBe('readme.md');
    await page.reload();
    const markdown = page.getByRole('dialog', { name: 'readme.md' });
    await visible(page, markdown.getByRole('heading', { name: 'Team handbook' }));
    await visible(page, markdown.getByText('Be kind'));
    await markdown.getByRole('button', { name: 'Close the preview' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await visible(page, table.getByRole('link', { name: 'readme.md' }));

    // Opened from the list, the back button closes the preview again.
    await table.getByRole('link', { name: 'readme.md' }).click();
    await visible(page, markdown.getByRole('heading', { name: 'Team handbook' }));
    await page.goBack();
    await expect.poll(() => markdown.count()).toBe(0);

    // A share link that works without signing in.
    await table.getByRole('button', { name: 'Actions for photo.png' }).click();
    await page.getByRole('menuitem', { name: 'Share link' }).click();
    const share = page.getByRole('dialog', { name: 'Share link' });
    await share.getByText('1 day').click();
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = await (
      await visible(page, share.getByRole('textbox', { name: 'Full link' }))
    ).inputValue();
    const anonymous = await fetch(link);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toContain('image/png');
    await share.getByRole('button', { name: 'QR code' }).click();
    await visible(page, page.getByRole('img', { name: 'QR code of the share link' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await context.close();
  });

  it('renames and deletes with a confirmation, switches views and searches', async () => {
    const { context, page, table } = await openExplorer('/mount-explorer/team');
    await (
      await visible(page, table.getByRole('button', { name: 'Actions for notes.txt' }))
    ).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename notes.txt' });
    await (await visible(page, rename.getByRole('textbox', { name: 'Name' }))).fill('minutes.txt');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await visible(page, table.getByRole('link', { name: 'minutes.txt' }));
    expect(await names('/team')).toContain('minutes.txt');
    expect(await names('/team')).not.toContain('notes.txt');

    await table.getByRole('button', { name: 'Actions for minutes.txt' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete minutes.txt?' });
    await visible(page, confirm.getByText('The file minutes.txt will be deleted for good.'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page, page.getByText('Deleted minutes.txt'));
    await expect.poll(() => table.getByRole('link', { name: 'minutes.txt' }).count()).toBe(0);
    expect(await names('/team')).not.toContain('minutes.txt');

    // Two at once through the selection: the batch reports its count.
    await table.getByRole('checkbox', { name: 'Select reports' }).check();
    await table.getByRole('checkbox', { name: 'Select todo.md' }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await visible(page, bar.getByText('2 selected'));
    await bar.getByRole('button', { name: 'Delete' }).click();
    const batch = page.getByRole('dialog', { name: 'Delete 2 items?' });
    await visible(page, batch.getByText('reports/'));
    await batch.getByRole('button', { name: 'Delete' }).click();
    await visible(page, page.getByText('Deleted 2 items'));
    expect(await names('/team')).toEqual(['archive', 'docs', 'photo.png', 'readme.md']);

    // Grid view, remembered across a reload; the image card shows its thumbnail.
    await page
      .locator('label')
      .filter({ hasText: /^Grid$/ })
      .click();
    const grid = page.getByRole('list', { name: 'Files and folders' });
    await visible(page, grid.getByRole('link', { name: 'photo.png' }));
    await page.reload();
    await visible(page, grid.getByRole('link', { name: 'photo.png' }));
    const thumbnail = grid.getByRole('listitem').filter({ hasText: 'photo.png' }).locator('img');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth).catch(() => 0))
      .toBe(320);
    await page
      .locator('label')
      .filter({ hasText: /^List$/ })
      .click();
    await visible(page, table);

    await page.getByRole('searchbox', { name: 'Search in this folder' }).fill('READ');
    await expect.poll(() => table.getByRole('link').allTextContents()).toEqual(['readme.md']);
    await page.getByRole('searchbox', { name: 'Search in this folder' }).fill('zzz');
    await visible(page, page.getByText('Nothing in this folder matches “zzz”.'));

    await context.close();
  });

  it('keeps a key user at its base path, and a visitor at the sign-in notice', async () => {
    const key = await api<{ key: string }>('POST', '/admin/api-keys', {
      name: 'Docs robot',
      mount_permission: true,
      basic_path: '/team/docs',
    });
    const { context, page, table } = await openExplorer('/mount-explorer', { apiKey: key.key });
    await visible(page, table.getByRole('link', { name: 'plan.txt' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer/team/docs');
    expect(await table.getByRole('link').allTextContents()).toEqual(['budget.csv', 'plan.txt']);
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    expect(await crumbs.getByText('/team/docs').getAttribute('aria-current')).toBe('page');
    expect(await crumbs.getByText('All mounts').count()).toBe(0);

    await page.goto('/mount-explorer/photos');
    await visible(page, table.getByRole('link', { name: 'plan.txt' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer/team/docs');
    await context.close();

    const visitor = await openPage({ language: 'en-US', theme: 'light' });
    await visitor.page.goto('/mount-explorer/team');
    await visible(visitor.page, visitor.page.getByText('Sign in to browse the mounts'));
    expect(await visitor.page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/admin',
    );
    await visitor.context.close();
  });

  it('takes the screenshots in both languages, both themes and at phone width', async () => {
    const looks = [
      { language: 'en-US', theme: 'light' },
      { language: 'en-US', theme: 'dark' },
      { language: 'zh-CN', theme: 'light' },
      { language: 'zh-CN', theme: 'dark' },
    ] as const;
    for (const look of looks) {
      const zh = look.language === 'zh-CN';
      const suffix = `${look.language}-${look.theme}`;
      const { context, page } = await openPage({ ...look, adminToken: token });
      await page.goto('/mount-explorer/team');
      await visible(page, page.getByRole('link', { name: 'readme.md' }));
      await docsScreenshot(page, `explorer-${suffix}`);
      if (look.theme === 'light' && !zh) {
        await page
          .locator('label')
          .filter({ hasText: /^Grid$/ })
          .click();
        await visible(page, page.getByRole('list').getByRole('link', { name: 'photo.png' }));
        await docsScreenshot(page, `explorer-grid-${suffix}`);
        await page
          .locator('label')
          .filter({ hasText: /^List$/ })
          .click();
      }
      await page.goto('/mount-explorer/team?preview=readme.md');
      await visible(page, page.getByRole('dialog').getByRole('heading', { name: 'Team handbook' }));
      await docsScreenshot(page, `explorer-preview-${suffix}`);
      await page.goto('/mount-explorer/team');
      await (
        await visible(
          page,
          page.getByRole('button', { name: zh ? 'readme.md 的操作' : 'Actions for readme.md' }),
        )
      ).click();
      await page.getByRole('menuitem', { name: zh ? '编辑' : 'Edit' }).click();
      const readme = page.getByRole('dialog').locator('.pb-editor textarea');
      await expect.poll(() => readme.inputValue()).toContain('Team handbook');
      await docsScreenshot(page, `explorer-editor-${suffix}`);
      await context.close();
    }
    for (const look of [
      { language: 'en-US', theme: 'light' },
      { language: 'zh-CN', theme: 'dark' },
    ] as const) {
      const suffix = `${look.language}-${look.theme}`;
      const { context, page } = await openPage({
        ...look,
        adminToken: token,
        viewport: PHONE,
      });
      await page.goto('/mount-explorer/team');
      await visible(page, page.getByRole('link', { name: 'readme.md' }));
      expect(await page.getByRole('table').count()).toBe(0);
      await docsScreenshot(page, `explorer-phone-${suffix}`);
      await page
        .getByRole('button', { name: look.language === 'zh-CN' ? '更多操作' : 'More actions' })
        .click();
      await visible(
        page,
        page.getByRole('menuitem', {
          name: look.language === 'zh-CN' ? '新建文件夹' : 'New folder',
        }),
      );
      await docsScreenshot(page, `explorer-phone-menu-${suffix}`);
      await page.keyboard.press('Escape');
      await page.goto('/mount-explorer/team?preview=photo.png');
      await visible(page, page.getByRole('dialog').getByRole('img'));
      await docsScreenshot(page, `explorer-phone-preview-${suffix}`);
      await context.close();
    }
  });
});
