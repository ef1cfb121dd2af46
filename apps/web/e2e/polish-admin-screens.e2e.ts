import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { formatFindings, seriousViolations } from './support/axe';
import { docsScreenshot, screenshot } from './support/browser';
import { visible } from './support/ui';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS, PHONE, type LanguageThemePair } from './support/looks';

/**
 * Issue 30 "Polish", the admin's screens: every look is saved for review (what the viewport
 * shows, once modal and toast transitions have settled).
 */
const REVIEW = { fullPage: false, settleMs: 400 } as const;

const WORDS = {
  'en-US': {
    keys: 'API keys',
    createKey: 'Create key',
    mounts: 'Mounts',
    choose: 'Choose',
    deleteKey: (name: string) => `Delete ${name}`,
    confirmDelete: 'Delete',
    deleted: (name: string) => `Deleted ${name}`,
    close: 'Close',
    taskManager: 'Task manager',
    language: /^Language/,
    addStorage: 'Add storage',
    provider: 'Provider',
    local: 'Local disk',
    lifetime: 'Signed link lifetime (seconds)',
    paste: 'Text',
  },
  'zh-CN': {
    keys: 'API 密钥',
    createKey: '创建密钥',
    mounts: '挂载',
    choose: '选择',
    deleteKey: (name: string) => `删除 ${name}`,
    confirmDelete: '删除',
    deleted: (name: string) => `已删除 ${name}`,
    close: '关闭',
    taskManager: '任务管理器',
    language: /^语言/,
    addStorage: '添加存储',
    provider: '服务商',
    local: '本地磁盘',
    lifetime: '签名链接有效期（秒）',
    paste: '文本',
  },
} as const;

/** Flips a Mantine switch by its label, as a person does (the input itself is zero-sized). */
async function toggle(input: Locator): Promise<void> {
  await input.locator('xpath=..').click();
}

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, formatFindings(screen, findings)).toEqual([]);
}

type Box = { left: number; top: number; right: number; bottom: number };
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the admin screens of issue 30, polished', () => {
  const journey = useJourney();
  /** A page at `route` in `look`, on a phone or (no viewport) a desktop. */
  const open = async (look: LanguageThemePair, route: string, viewport?: typeof PHONE) =>
    (await journey.open(route, { ...look, viewport })).page;

  it('fits "Choose" beside the base path and prints the WebDAV address once', async () => {
    const webdavAddress = `${journey.server.baseUrl}/dav/`;
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const words = WORDS[look.language];
      const viewport = index % 2 === 1 ? PHONE : undefined;
      const page = await open(look, '/admin/key-management', viewport);
      await (await visible(page, page.getByRole('button', { name: words.createKey }))).click();
      const dialog = await visible(page, page.getByRole('dialog'));
      await toggle(dialog.getByRole('switch', { name: words.mounts }));
      const choose = dialog.getByRole('button', { name: words.choose, exact: true });
      await choose.scrollIntoViewIfNeeded();

      // The whole label shows, and the button sits beside the input rather than on it.
      const label = choose.locator('.mantine-Button-label');
      const [labelWidth, labelRoom] = await label.evaluate((element) => [
        element.scrollWidth,
        element.clientWidth,
      ]);
      expect(labelWidth).toBeLessThanOrEqual(labelRoom);
      const input = dialog.getByRole('textbox', { name: /Base path|基础路径/ });
      expect(overlaps(await boxOf(choose), await boxOf(input))).toBe(false);
      expect((await boxOf(choose)).right).toBeLessThanOrEqual((await boxOf(dialog)).right);

      const dialogText = (await dialog.innerText()).split(webdavAddress).length - 1;
      expect(dialogText).toBe(1);
      await expectNoSeriousViolations(page, `key dialog ${look.language} ${look.theme}`);
      await screenshot(
        page,
        `polish-admin-key-dialog-${look.language}-${look.theme}${viewport ? '-phone' : ''}`,
        REVIEW,
      );
      if (index === 0) {
        await docsScreenshot(page, 'key-dialog-base-path-en-US-light');
      }
      await page.context().close();
    }
  });

  it('opens toasts below the header, clear of the task-manager and language buttons', async () => {
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const words = WORDS[look.language];
      const viewport = index % 2 === 0 ? PHONE : undefined;
      const name = `Robot ${index}`;
      await journey.call('POST', '/admin/api-keys', {
        name,
        text_permission: true,
      });
      const page = await open(look, '/admin/key-management', viewport);
      await (
        await visible(page, page.getByRole('button', { name: words.deleteKey(name) }))
      ).click();
      await page.getByRole('dialog').getByRole('button', { name: words.confirmDelete }).click();
      const toast = await visible(page, page.locator('.mantine-Notification-root'));
      await visible(page, toast.getByText(words.deleted(name)));

      const header = await boxOf(page.locator('header').first());
      const toastBox = await boxOf(toast);
      expect(toastBox.top).toBeGreaterThanOrEqual(header.bottom);
      for (const button of [
        page.getByRole('button', { name: words.taskManager }),
        page.getByRole('button', { name: words.language }),
      ]) {
        expect(overlaps(toastBox, await boxOf(button))).toBe(false);
      }
      // Every toast's close button is named in the page's language (the theme does it once).
      await visible(page, toast.getByRole('button', { name: words.close }));
      await expectNoSeriousViolations(page, `toast ${look.language} ${look.theme}`);
      await screenshot(
        page,
        `polish-admin-toast-${look.language}-${look.theme}${viewport ? '-phone' : ''}`,
        REVIEW,
      );
      if (index === 0) {
        await docsScreenshot(page, 'toast-below-header-en-US-light-phone');
      }
      await page.context().close();
    }
  });

  it('calls the keys "API keys" in the menu, the heading and the tab, in both languages', async () => {
    for (const look of [LANGUAGE_THEME_PAIRS[0], LANGUAGE_THEME_PAIRS[3]]) {
      const words = WORDS[look.language];
      const page = await open(look, '/admin/key-management');
      await visible(page, page.getByRole('heading', { name: words.keys, exact: true }));
      await visible(page, page.getByRole('link', { name: words.keys, exact: true }));
      expect(await page.title()).toBe(`${words.keys} - Pastebox`);
      await page.context().close();
    }
  });

  it('names the link lifetime of local storage for what it is: a signed link', async () => {
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const words = WORDS[look.language];
      const page = await open(look, '/admin/storage-config', index === 3 ? PHONE : undefined);
      await (await visible(page, page.getByRole('button', { name: words.addStorage }))).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: words.provider }).click();
      await page.getByRole('option', { name: words.local }).click();
      const lifetime = await visible(page, dialog.getByRole('textbox', { name: words.lifetime }));
      await lifetime.scrollIntoViewIfNeeded();
      expect(await dialog.innerText()).not.toMatch(/Presigned|预签名/);
      await screenshot(page, `polish-admin-storage-local-${look.language}-${look.theme}`, REVIEW);
      await page.context().close();
    }
  });

  it('lists recent shares by name once, with their kind and date beneath', async () => {
    const paste = await journey.call<{ slug: string }>('POST', '/paste', {
      content: 'no remark',
    });
    await uploadViaApi(journey.server.baseUrl, journey.token, {
      name: 'report.txt',
      type: 'text/plain',
      body: 'hi',
    });
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const page = await open(look, '/admin/dashboard', index === 1 ? PHONE : undefined);
      const link = `/paste/${paste.slug}`;
      const row = await visible(page, page.locator('li', { hasText: link }));
      expect((await row.innerText()).split(link).length - 1).toBe(1);
      expect(await row.innerText()).toContain(`${WORDS[look.language].paste} · `);
      await row.scrollIntoViewIfNeeded();
      await screenshot(
        page,
        `polish-admin-dashboard-recent-${look.language}-${look.theme}`,
        REVIEW,
      );
      if (index === 0) {
        await docsScreenshot(page, 'dashboard-recent-en-US-light');
      }
      await page.context().close();
    }
  });
});
