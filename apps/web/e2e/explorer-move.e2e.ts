import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { mountFiles, mountOnDisks } from './support/explorer-seed';
import { useJourney, type PageOptions } from './support/journey';
import { PHONE } from './support/looks';
import { settler } from './support/settle';
import { visible } from './support/ui';

/** The words of this journey in each language (the app's own strings). */
const WORDS = {
  'en-US': {
    actionsFor: (name: string) => `Actions for ${name}`,
    select: (name: string) => `Select ${name}`,
    open: (name: string) => `Open ${name}`,
    moveTo: 'Move to…',
    dialog: 'Move to another folder',
    picker: 'Choose where to move',
    choose: 'Choose folder…',
    useFolder: 'Move into this folder',
    move: 'Move',
    sameFolder: 'Already in this folder',
    allMounts: 'All mounts',
    up: 'Up one folder',
    tasks: 'Task manager',
    completed: 'Completed',
  },
  'zh-CN': {
    actionsFor: (name: string) => `${name} 的操作`,
    select: (name: string) => `选择 ${name}`,
    open: (name: string) => `打开 ${name}`,
    moveTo: '移动到…',
    dialog: '移动到其他文件夹',
    picker: '选择移动到的位置',
    choose: '选择文件夹…',
    useFolder: '移动到此文件夹',
    move: '移动',
    sameFolder: '已在此文件夹中',
    allMounts: '全部挂载点',
    up: '上一级',
    tasks: '任务管理器',
    completed: '已完成',
  },
} as const;

type Language = keyof typeof WORDS;

/** Settled pages (no transition half-way, where colours are still fading in). */
const settlers = new WeakMap<Page, () => Promise<void>>();

async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  await settlers.get(page)?.();
  expect(formatFindings(screen, await seriousViolations(page))).toBe('');
}

describe('Move to… in the explorer, and a chooser that offers only what works (issue 30)', () => {
  const journey = useJourney();
  const api = <T>(method: string, route: string, body?: unknown): Promise<T> =>
    journey.call<T>(method, route, body);
  const { names } = mountFiles(journey);

  async function openPage(options: PageOptions) {
    const context = await journey.context(options);
    const page = await context.newPage();
    settlers.set(page, settler(page));
    return { context, page };
  }

  /** Opens the move dialog's folder chooser; answers the dialog and the chooser. */
  async function openChooser(page: Page, words: (typeof WORDS)[Language]) {
    const dialog = page.getByRole('dialog', { name: words.dialog });
    await (await visible(page, dialog.getByRole('button', { name: words.choose }))).click();
    const picker = page.getByRole('dialog', { name: words.picker });
    await visible(page, picker.getByRole('button', { name: words.useFolder }));
    return { dialog, picker };
  }

  /** The chooser's confirm button, and the reason it is refused (if shown). */
  const confirmOf = (picker: Locator, words: (typeof WORDS)[Language]) =>
    picker.getByRole('button', { name: words.useFolder });

  beforeAll(async () => {
    // Each mount on a storage config of its own: a move between them is copy then delete.
    await mountOnDisks(journey, [
      { name: 'Team', path: '/team' },
      { name: 'Archive', path: '/archive', disk: { name: 'Archive disk', root: 'archive-disk' } },
    ]);
    for (const [path, content] of [
      ['/team/notes.txt', 'first notes\n'],
      ['/team/a.txt', 'alpha\n'],
      ['/team/reports/q1.txt', 'first quarter\n'],
      ['/team/docs/plan.txt', 'the plan\n'],
      ['/team/docs/drafts/idea.txt', 'an idea\n'],
    ] as const) {
      await api('POST', '/admin/fs/update', { path, content });
    }
  }, 120_000);

  it('moves one file within its mount at once; its own folder is not offered (en-US, light)', async () => {
    const words = WORDS['en-US'];
    const { context, page } = await openPage({
      language: 'en-US',
      theme: 'light',
    });
    await page.goto('/mount-explorer/team');
    const table = page.getByRole('table', { name: 'Files and folders' });
    await (
      await visible(page, table.getByRole('button', { name: words.actionsFor('notes.txt') }))
    ).click();
    await page.getByRole('menuitem', { name: words.moveTo }).click();
    const { dialog, picker } = await openChooser(page, words);
    // It opens on the file's own folder, where moving changes nothing: refused, and why.
    await visible(page, picker.getByText(words.sameFolder));
    expect(await confirmOf(picker, words).isDisabled()).toBe(true);
    await expectNoAxeFindings(page, 'move chooser, own folder');
    await docsScreenshot(page, 'explorer-move-chooser-en-US-light');
    await picker.getByRole('listitem', { name: words.open('docs') }).click();
    await expect.poll(() => confirmOf(picker, words).isEnabled()).toBe(true);
    expect(await picker.getByText(words.sameFolder).count()).toBe(0);
    await confirmOf(picker, words).click();
    await visible(page, dialog.getByText('/team/docs'));
    await expectNoAxeFindings(page, 'move dialog');
    await dialog.getByRole('button', { name: words.move, exact: true }).click();
    await expect.poll(() => table.getByRole('link', { name: 'notes.txt' }).count()).toBe(0);
    expect(await names('/team/docs')).toEqual(['drafts', 'notes.txt', 'plan.txt']);

    // A rename still takes one name, and says where moving is.
    await (
      await visible(page, table.getByRole('button', { name: words.actionsFor('a.txt') }))
    ).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename a.txt' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('docs/a.txt');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await visible(
      page,
      rename.getByText('To put it in another folder, use Move to…', { exact: false }),
    );
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('moves several items across mounts as a task the task manager follows (zh-CN, dark)', async () => {
    const words = WORDS['zh-CN'];
    const { context, page } = await openPage({
      language: 'zh-CN',
      theme: 'dark',
    });
    await page.goto('/mount-explorer/team');
    const table = page.getByRole('table');
    await (
      await visible(page, table.getByRole('checkbox', { name: words.select('a.txt') }))
    ).check();
    await table.getByRole('checkbox', { name: words.select('reports') }).check();
    await page.getByRole('region').getByRole('button', { name: words.moveTo }).click();
    const { dialog, picker } = await openChooser(page, words);
    await visible(page, picker.getByText(words.sameFolder));
    await picker.getByRole('button', { name: words.allMounts }).click();
    // The top level only lists mounts: nothing to move into there either.
    await visible(page, picker.getByRole('listitem', { name: words.open('archive') }));
    expect(await confirmOf(picker, words).isDisabled()).toBe(true);
    await picker.getByRole('listitem', { name: words.open('archive') }).click();
    await expect.poll(() => confirmOf(picker, words).isEnabled()).toBe(true);
    await expectNoAxeFindings(page, 'move chooser, zh-CN dark');
    await docsScreenshot(page, 'explorer-move-chooser-zh-CN-dark');
    await confirmOf(picker, words).click();
    await dialog.getByRole('button', { name: words.move, exact: true }).click();
    const manager = page.getByRole('dialog', { name: words.tasks });
    const card = manager.getByRole('article');
    await visible(page, card);
    await visible(page, card.getByText(words.completed));
    // The toasts ("move started", "task completed") go by themselves; the manager stays.
    await expect
      .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 })
      .toBe(0);
    await expectNoAxeFindings(page, 'task manager with a move');
    await docsScreenshot(page, 'explorer-move-task-zh-CN-dark');
    expect(await names('/archive')).toEqual(['a.txt', 'reports']);
    expect(await names('/archive/reports')).toEqual(['q1.txt']);
    expect(await names('/team')).not.toContain('a.txt');
    expect(await names('/team')).not.toContain('reports');
    await context.close();
  });

  for (const look of [
    { language: 'en-US', theme: 'dark' },
    { language: 'zh-CN', theme: 'light' },
  ] as const) {
    it(`never leads a key user above its base path (${look.language}, ${look.theme}, phone)`, async () => {
      const words = WORDS[look.language];
      const key = await api<{ key: string }>('POST', '/admin/api-keys', {
        name: `Docs robot ${look.language}`,
        mount_permission: true,
        basic_path: '/team/docs',
      });
      const { context, page } = await openPage({
        ...look,
        apiKey: key.key,
        viewport: PHONE,
        asAdmin: false,
      });
      await page.goto('/mount-explorer/team/docs/drafts');
      await (
        await visible(page, page.getByRole('button', { name: words.actionsFor('idea.txt') }))
      ).click();
      await page.getByRole('menuitem', { name: words.moveTo }).click();
      const { picker } = await openChooser(page, words);
      await visible(page, picker.getByText(words.sameFolder));
      await picker.getByRole('button', { name: '/team/docs' }).click();
      await visible(
        page,
        picker.getByText('/team/docs', { exact: true }).and(picker.locator('[aria-current]')),
      );
      expect(await picker.getByRole('button', { name: words.allMounts }).count()).toBe(0);
      expect(await picker.getByRole('button', { name: words.up }).isDisabled()).toBe(true);
      await expect.poll(() => confirmOf(picker, words).isEnabled()).toBe(true);
      await expectNoAxeFindings(page, `key chooser ${look.language}`);
      await docsScreenshot(page, `explorer-move-chooser-${look.language}-${look.theme}-phone`);
      await context.close();
    });
  }
});
