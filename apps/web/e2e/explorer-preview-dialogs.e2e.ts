import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { mountTeam } from './support/looks';
import { onTop, visible } from './support/ui';
import { useJourney } from './support/journey';

const PHONE = { width: 375, height: 812 };

/** The words of this journey in each language (the app's own strings). */
const WORDS = {
  'en-US': {
    share: 'Share link',
    create: 'Create link',
    edit: 'Edit',
    editTitle: 'notes.txt',
    closePreview: 'Close the preview',
  },
  'zh-CN': {
    share: '分享链接',
    create: '生成链接',
    edit: '编辑',
    editTitle: 'notes.txt',
    closePreview: '关闭预览',
  },
} as const;

/** Waits until the dialog is painted above everything else. */
async function waitOnTop(page: Page, dialog: Locator): Promise<void> {
  await visible(page, dialog);
  await expect.poll(() => onTop(dialog), { timeout: 10_000 }).toBe(true);
}

describe('dialogs opened from the explorer preview (issue 30)', () => {
  const journey = useJourney();
  beforeAll(async () => {
    await mountTeam(journey.server.baseUrl, journey.token, { 'notes.txt': 'first notes\n' });
  }, 120_000);

  for (const look of [
    { language: 'en-US', theme: 'light', viewport: undefined, name: 'desktop' },
    { language: 'zh-CN', theme: 'dark', viewport: PHONE, name: 'phone' },
  ] as const) {
    it(`puts Share link and Edit over the preview; Escape closes only them (${look.language}, ${look.name})`, async () => {
      const words = WORDS[look.language];
      const { context, page } = await journey.open('/mount-explorer/team?preview=notes.txt', {
        language: look.language,
        theme: look.theme,
        ...(look.viewport ? { viewport: look.viewport } : {}),
      });
      const preview = page.getByRole('dialog', { name: 'notes.txt' }).filter({
        has: page.getByRole('button', { name: words.closePreview }),
      });
      await visible(page, preview.getByText('first notes'));

      // Share link: on top, its button answers a click, Escape closes it and not the preview.
      await preview.getByRole('button', { name: words.share }).click();
      const share = page.getByRole('dialog', { name: words.share });
      await waitOnTop(page, share);
      await share.getByRole('button', { name: words.create }).click();
      await visible(page, share.getByRole('textbox'));
      // The short link first, then the full signed one (issue 30).
      expect(await share.getByRole('textbox').first().inputValue()).toContain('/api/s/');
      await docsScreenshot(page, `explorer-preview-share-${look.language}-${look.theme}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => share.count()).toBe(0);
      expect(await preview.isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get('preview')).toBe('notes.txt');

      // Edit: the editor is on top, Escape closes it (nothing changed) and the preview stays.
      await preview.getByRole('button', { name: words.edit, exact: true }).click();
      const editor = page
        .getByRole('dialog', { name: words.editTitle })
        .filter({ hasNot: page.getByRole('button', { name: words.closePreview }) });
      await waitOnTop(page, editor);
      await expect
        .poll(() => editor.locator('.pb-editor textarea, .cm-content').first().isVisible())
        .toBe(true);
      await docsScreenshot(page, `explorer-preview-edit-${look.language}-${look.theme}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => editor.count()).toBe(0);
      await expect.poll(() => onTop(preview)).toBe(true);
      expect(new URL(page.url()).searchParams.get('preview')).toBe('notes.txt');

      // Escape with nothing over it still closes the preview.
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).searchParams.get('preview')).toBe(null);
      await context.close();
    });
  }
});
