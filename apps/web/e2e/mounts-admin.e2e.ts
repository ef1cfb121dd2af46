import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

const PHONE = { width: 390, height: 844 };

/**
 * Flips a Mantine switch as a user does, by clicking the label around it: the input itself
 * is zero-sized, which Playwright cannot click even with `force`.
 */
async function toggle(input: Locator): Promise<void> {
  await input.locator('xpath=..').click();
}

interface Mount {
  id: string;
  name: string;
  mount_path: string;
  is_active: boolean;
  cache_ttl: number;
}

interface Task {
  id: string;
  status: string;
}

describe('mount management, the folder picker and the task manager', () => {
  const journey = useJourney();

  const mounts = () => journey.call<Mount[]>('GET', '/admin/mounts');

  it('creates a mount after a reserved path is refused, switches, edits and deletes it', async () => {
    const { context, page } = await journey.open('/admin/mount-management', {
      language: 'en-US',
      theme: 'light',
    });
    await visible(page, page.getByText('No mounts'));
    await (await visible(page, page.getByRole('button', { name: 'Add mount' }).first())).click();

    const form = page.getByRole('form', { name: 'Mount' });
    await (await visible(page, form.getByRole('textbox', { name: 'Name' }))).fill('Team');
    await form.getByRole('textbox', { name: 'Mount path' }).fill('/api');
    // The default storage config (the local disk, made on first start) is preselected.
    await visible(page, form.getByRole('textbox', { name: 'Storage config' }));
    expect(await form.getByRole('textbox', { name: 'Storage config' }).inputValue()).not.toBe('');
    await form.getByRole('button', { name: 'Create' }).click();
    await visible(
      page,
      form.getByText(
        'Reserved by the app: a mount path cannot start with /api, /dav, /mount-explorer',
      ),
    );
    expect(await mounts()).toEqual([]);
    await docsScreenshot(page, 'mounts-form-error-en-US-light');

    await form.getByRole('textbox', { name: 'Mount path' }).fill('/team');
    await form.getByRole('button', { name: 'Create' }).click();
    await visible(page, page.getByRole('link', { name: '/team' }));
    expect((await mounts()).map((m) => m.mount_path)).toEqual(['/team']);

    // A second mount on the same path is refused by the form before the server sees it.
    await page.getByRole('button', { name: 'Add mount' }).click();
    await (await visible(page, form.getByRole('textbox', { name: 'Name' }))).fill('Again');
    await form.getByRole('textbox', { name: 'Mount path' }).fill('/team/inner');
    await form.getByRole('button', { name: 'Create' }).click();
    await visible(page, form.getByText('A mount path cannot lie inside or around another mount'));
    await form.getByRole('button', { name: 'Cancel' }).click();

    await toggle(page.getByRole('switch', { name: 'Active: Team' }));
    await visible(page, page.getByText('Team is inactive'));
    expect((await mounts())[0]?.is_active).toBe(false);
    await toggle(page.getByRole('switch', { name: 'Active: Team' }));
    await visible(page, page.getByText('Team is active'));
    expect((await mounts())[0]?.is_active).toBe(true);

    await page.getByRole('button', { name: 'Edit Team' }).click();
    await (await visible(page, form.getByRole('textbox', { name: 'Name' }))).fill('Team files');
    await form.getByRole('textbox', { name: 'Listing cache' }).fill('60');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved Team files'));
    const [edited] = await mounts();
    expect(edited).toMatchObject({ name: 'Team files', cache_ttl: 60, mount_path: '/team' });

    // A throwaway mount, deleted through the confirmation dialog.
    await journey.call('POST', '/admin/mounts', {
      name: 'Scratch',
      mount_path: '/scratch',
      storage_config_id: (edited as unknown as { storage_config_id: string }).storage_config_id,
    });
    await page.reload();
    await (await visible(page, page.getByRole('button', { name: 'Delete Scratch' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this mount?' });
    await visible(page, dialog.getByText('/scratch'));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await visible(page, page.getByText('Deleted Scratch'));
    expect((await mounts()).map((m) => m.mount_path)).toEqual(['/team']);
    await context.close();
  });

  it('sets a key’s base path with the folder picker; the key sees its mounts read-only', async () => {
    await journey.call('POST', '/admin/fs/mkdir', { path: '/team/docs' });
    const { context, page } = await journey.open('/admin/key-management', {
      language: 'en-US',
      theme: 'light',
    });
    await (await visible(page, page.getByRole('button', { name: 'Create key' }).first())).click();
    await (await visible(page, page.getByLabel('Name'))).fill('Team robot');
    await toggle(page.getByRole('switch', { name: 'Mounts' }));
    await page.getByRole('button', { name: 'Choose', exact: true }).click();

    const picker = page.getByRole('dialog', { name: 'Choose a base path for the key' });
    await (await visible(page, picker.getByRole('listitem', { name: 'Open team' }))).click();
    await (await visible(page, picker.getByRole('listitem', { name: 'Open docs' }))).click();
    await visible(page, picker.getByText('/team/docs'));
    await docsScreenshot(page, 'mounts-folder-picker-en-US-light');
    await picker.getByRole('button', { name: 'Use this path' }).click();
    expect(await page.getByRole('textbox', { name: 'Base path' }).inputValue()).toBe('/team/docs');
    await page.getByRole('button', { name: 'Create key' }).last().click();
    await visible(page, page.getByText('API key created'));
    const keys = await journey.call<{ name: string; key: string; basic_path: string }[]>(
      'GET',
      '/admin/api-keys',
    );
    const robot = keys.find((key) => key.name === 'Team robot');
    expect(robot?.basic_path).toBe('/team/docs');
    await context.close();

    const keyContext = await journey.context({
      language: 'en-US',
      theme: 'light',
      apiKey: robot?.key ?? '',
      asAdmin: false,
    });
    const keyPage = await keyContext.newPage();
    // The app validates a stored key on start and keeps its permissions; the admin route's
    // guard reads the kept ones, so the key opens the app first, as a user would.
    const validated = keyPage.waitForResponse((res) => res.url().endsWith('/api/test/api-key'));
    await keyPage.goto('/');
    await validated;
    await keyPage.goto('/admin/mount-management');
    await visible(keyPage, keyPage.getByRole('link', { name: '/team' }));
    await visible(keyPage, keyPage.getByText('Only the administrator can change them.'));
    expect(await keyPage.getByRole('button', { name: 'Add mount' }).count()).toBe(0);
    expect(await keyPage.getByRole('switch').count()).toBe(0);
    expect(await keyPage.getByRole('button', { name: 'Delete Team files' }).count()).toBe(0);
    await keyContext.close();
  });

  it('shows a copy started through the API until it completes, then clears it', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      await journey.call('POST', '/admin/fs/update', {
        path: `/team/src/${name}`,
        content: `content of ${name}\n`.repeat(200),
      });
    }
    const { context, page } = await journey.open('/admin/mount-management', {
      language: 'en-US',
      theme: 'light',
    });
    const manager = await visible(page, page.getByRole('button', { name: /^Task manager/ }));

    const started = await journey.call<{ taskId: string }>('POST', '/admin/fs/batch-copy', {
      items: [{ sourcePath: '/team/src', targetPath: '/team/copy/' }],
    });
    await manager.click();
    const drawer = page.getByRole('dialog', { name: 'Task manager' });
    const card = drawer.getByRole('article');
    await visible(page, card);
    await visible(page, card.getByText('Completed'));
    await visible(page, card.getByText('3 done · 0 skipped · 0 failed'));
    await docsScreenshot(page, 'tasks-manager-en-US-light');
    const task = await journey.call<Task>('GET', `/admin/tasks/${started.taskId}`);
    expect(task.status).toBe('completed');
    const copied = await journey.call<{ items: { name: string }[] }>(
      'GET',
      '/admin/fs/list?path=%2Fteam%2Fcopy%2Fsrc',
    );
    expect(copied.items.map((item) => item.name).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);

    await drawer.getByRole('button', { name: 'Clear finished' }).click();
    await visible(page, drawer.getByText('No finished tasks.'));
    expect(await journey.call<Task[]>('GET', '/admin/tasks')).toEqual([]);
    await context.close();
  });

  it('takes the screenshots in both languages, both themes and at phone width', async () => {
    // A finished task and a running-looking list for the pictures.
    await journey.call('POST', '/admin/fs/batch-copy', {
      items: [{ sourcePath: '/team/src', targetPath: '/team/second/' }],
    });
    const looks = [
      { language: 'en-US', theme: 'light', phone: false },
      { language: 'zh-CN', theme: 'dark', phone: false },
      { language: 'en-US', theme: 'dark', phone: true },
      { language: 'zh-CN', theme: 'light', phone: true },
    ] as const;
    for (const look of looks) {
      const context = await journey.context({
        language: look.language,
        theme: look.theme,
        ...(look.phone ? { viewport: PHONE } : {}),
      });
      const page = await context.newPage();
      const suffix = `${look.language}-${look.theme}${look.phone ? '-phone' : ''}`;
      const zh = look.language === 'zh-CN';
      await page.goto('/admin/mount-management');
      await visible(page, page.getByRole('link', { name: '/team' }));
      await docsScreenshot(page, `mounts-list-${suffix}`);

      await page.getByRole('button', { name: zh ? '编辑 Team files' : 'Edit Team files' }).click();
      await visible(page, page.getByRole('form', { name: zh ? '挂载点' : 'Mount' }));
      await docsScreenshot(page, `mounts-form-${suffix}`);
      await page.keyboard.press('Escape');

      await page.goto('/admin/key-management');
      await (
        await visible(
          page,
          page.getByRole('button', { name: zh ? '创建密钥' : 'Create key' }).first(),
        )
      ).click();
      await (
        await visible(page, page.getByRole('button', { name: zh ? '选择' : 'Choose', exact: true }))
      ).click();
      await (
        await visible(page, page.getByRole('listitem', { name: zh ? '打开 team' : 'Open team' }))
      ).click();
      await visible(page, page.getByRole('listitem', { name: zh ? '打开 docs' : 'Open docs' }));
      await docsScreenshot(page, `mounts-folder-picker-${suffix}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await (
        await visible(
          page,
          page.getByRole('button', { name: zh ? /^任务管理器/ : /^Task manager/ }),
        )
      ).click();
      await visible(page, page.getByRole('dialog').getByRole('article'));
      await docsScreenshot(page, `tasks-manager-${suffix}`);
      await context.close();
    }
  });

  it('names the reserved paths in Chinese and accepts /upload, a web route (issue 30)', async () => {
    const { context, page } = await journey.open('/admin/mount-management', {
      language: 'zh-CN',
      theme: 'dark',
    });
    await (await visible(page, page.getByRole('button', { name: '添加挂载点' }).first())).click();
    const form = page.getByRole('form', { name: '挂载点' });
    await (await visible(page, form.getByRole('textbox', { name: '名称' }))).fill('上传');
    await form.getByRole('textbox', { name: '挂载路径' }).fill('/dav/x');
    await form.getByRole('button', { name: '创建' }).click();
    await visible(
      page,
      form.getByText('系统保留路径：挂载路径不能以 /api, /dav, /mount-explorer 开头'),
    );
    await docsScreenshot(page, 'mounts-form-error-zh-CN-dark');

    await form.getByRole('textbox', { name: '挂载路径' }).fill('/upload');
    await form.getByRole('button', { name: '创建' }).click();
    await visible(page, page.getByRole('link', { name: '/upload' }));
    const made = (await mounts()).find((mount) => mount.mount_path === '/upload');
    expect(made).toBeDefined();
    await journey.call('DELETE', `/admin/mounts/${made?.id ?? ''}`);
    await context.close();
  });
});
