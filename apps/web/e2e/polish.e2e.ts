import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney, type PageOptions } from './support/journey';
import { LANGUAGE_THEME_PAIRS as LOOKS, PHONE } from './support/looks';
import { typeInEditor, visible } from './support/ui';

/** A 24×24 PNG in four colours, so a thumbnail is told apart from an icon at a glance. */
const PNG = {
  name: 'quadrants.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAL0lEQVR42mN4ZulGEGnN7SeIGEYNGjVo1CC8Br08kkUQqbkFE0SjBo0aNGoQXgQABbwhvjHcYnYAAAAASUVORK5CYII=',
    'base64',
  ),
};
/** The words of the upload page, per language. */
const WORDS = {
  'en-US': {
    uploadAll: 'Upload all',
    clear: 'Clear the list',
    cancel: 'Cancel',
    confirm: 'Clear list',
  },
  'zh-CN': { uploadAll: '全部上传', clear: '清空列表', cancel: '取消', confirm: '确认清空' },
} as const;
const NOTES = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') };

describe('honest screens: math, upload queue, recent uploads, phone toolbar', () => {
  const journey = useJourney();

  /** A page at `route`: the admin's unless the options say `asAdmin: false`. */
  const open = async (options: PageOptions, route: string) =>
    (await journey.open(route, options)).page;

  it('renders $$…$$ on a line of its own as a centred display formula on the paste page', async () => {
    const { slug } = await journey.call<{ slug: string }>('POST', '/paste', {
      content: 'Pythagoras:\n\n$$a^2+b^2=c^2$$\n\nInline $x$ stays inline.',
      slug: 'pythagoras',
    });
    for (const look of LOOKS) {
      const page = await open({ ...look, viewport: PHONE, asAdmin: false }, `/paste/${slug}`);
      const display = await visible(page, page.locator('.katex-display'));
      expect(await display.locator('annotation').textContent()).toBe('a^2+b^2=c^2');
      // A block of its own line, its formula centred in it.
      const [block, formula, paragraph] = await Promise.all([
        display.boundingBox(),
        display.locator('.katex').boundingBox(),
        page.locator('p', { hasText: 'Pythagoras' }).boundingBox(),
      ]);
      expect(block!.width).toBeGreaterThan(paragraph!.width * 0.9);
      const left = formula!.x - block!.x;
      const right = block!.x + block!.width - (formula!.x + formula!.width);
      expect(Math.abs(left - right)).toBeLessThan(4);
      expect(await page.locator('p .katex').count()).toBe(1);
      await screenshot(page, `polish-paste-math-phone-${look.language}-${look.theme}`);
      await page.context().close();
    }
  });

  it('says "Expires: never" as a sentence in the admin lists, not a bare "NEVER"', async () => {
    await journey.call('POST', '/paste', { content: 'kept', slug: 'forever' });
    for (const look of LOOKS) {
      const page = await open({ ...look, viewport: PHONE }, '/admin/text-management');
      const words = look.language === 'en-US' ? 'Expires: never' : '过期时间：永不';
      const badge = await visible(page, page.locator('.mantine-Badge-root', { hasText: words }));
      expect(await badge.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
      expect(await badge.innerText()).toBe(words);
      await screenshot(page, `polish-admin-texts-phone-${look.language}-${look.theme}`);
      await page.context().close();
    }
  });

  it('thumbnails images in the queue, makes Upload all the main button, asks before clearing', async () => {
    for (const look of LOOKS) {
      const page = await open({ ...look, viewport: PHONE }, '/upload');
      await (await visible(page, page.locator('input[type=file]'))).setInputFiles([PNG, NOTES]);
      const queued = page.locator('li', { hasText: PNG.name });
      const thumbnail = await visible(page, queued.locator('img'));
      await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/^blob:/);
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
      expect(await page.locator('li', { hasText: NOTES.name }).locator('img').count()).toBe(0);

      // The main button is filled and taller than every other button of the queue.
      const words = WORDS[look.language];
      const uploadAll = page.getByRole('button', { name: words.uploadAll });
      expect(await uploadAll.getAttribute('data-variant')).toBe('filled');
      const allHeight = (await uploadAll.boundingBox())!.height;
      for (const other of await page.locator('ul li button:visible').all()) {
        expect(allHeight).toBeGreaterThan((await other.boundingBox())!.height + 4);
      }
      await screenshot(page, `polish-upload-queue-phone-${look.language}-${look.theme}`);

      await uploadAll.click();
      const recent = page.locator('section[aria-labelledby="recent-uploads"]');
      await expect.poll(() => recent.locator('li').count(), { timeout: 30_000 }).toBe(2);
      await screenshot(page, `polish-upload-done-phone-${look.language}-${look.theme}`);

      // Clearing asks first; cancelling keeps the list, confirming empties it.
      const clear = recent.getByRole('button', { name: words.clear });
      await clear.click();
      const dialog = await visible(page, page.getByRole('dialog'));
      await screenshot(page, `polish-recent-clear-confirm-phone-${look.language}-${look.theme}`, {
        fullPage: false,
        settleMs: 400, // the modal's fade-in
      });
      await dialog.getByRole('button', { name: words.cancel }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await recent.locator('li').count()).toBe(2);
      await clear.click();
      await (
        await visible(page, page.getByRole('dialog'))
      )
        .getByRole('button', { name: words.confirm })
        .click();
      await expect.poll(() => recent.locator('li').count()).toBe(0);
      await page.context().close();
    }
  });

  it('shows an image share with a thumbnail on its file page, fetched once per visit', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG.buffer], { type: PNG.mimeType }), PNG.name);
    form.append('slug', 'quadrants');
    const { server, token } = journey;
    const res = await fetch(`${server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    for (const look of LOOKS) {
      const context = await journey.context({ ...look, viewport: PHONE, asAdmin: false });
      const page = await context.newPage();
      const previewRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/file-view/')) {
          previewRequests.push(request.url());
        }
      });
      await page.goto('/file/quadrants');
      const header = page.locator('h2', { hasText: PNG.name }).locator('xpath=../..');
      const thumbnail = await visible(page, header.locator('img'));
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(24);
      expect((await thumbnail.boundingBox())!.width).toBeLessThanOrEqual(48);
      await page.waitForLoadState('networkidle');
      // The header and the preview below share one fetch of the visit's preview URL.
      expect(new Set(previewRequests).size).toBe(1);
      await screenshot(page, `polish-file-page-phone-${look.language}-${look.theme}`);
      await context.close();
    }
  });

  it('fits the editor toolbar on a phone, with the less-used actions in a "more" menu', async () => {
    for (const look of LOOKS) {
      const page = await open({ ...look, viewport: PHONE, asAdmin: false }, '/');
      const toolbar = await visible(page, page.getByRole('toolbar'));
      await typeInEditor(page, 'Intro');
      const { scrollWidth, clientWidth } = await toolbar.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

      // Every action is reachable: on the bar, or in the menu behind the last button.
      const onBar = await toolbar.locator('button:visible').count();
      await toolbar.locator('button:visible').last().click();
      const menu = await visible(page, page.getByRole('menu'));
      const inMenu = await menu.getByRole('menuitem').count();
      expect(onBar - 1 + inMenu).toBe(14);
      for (const button of await toolbar.locator('button:visible').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      await screenshot(page, `polish-toolbar-more-phone-${look.language}-${look.theme}`);
      await menu.getByRole('menuitem').nth(5).click();
      await expect
        .poll(() => page.locator('.cm-content').textContent())
        .toContain('| --- | --- | --- |');
      await page.context().close();
    }
  });

  it('paints a plain editor first; CodeMirror takes over at the first use, losing nothing', async () => {
    const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
    const hasFocus = (page: Page, selector: string) =>
      page.locator(selector).evaluate((element) => element.contains(document.activeElement));

    // Typing straight away (a wide screen focuses the editor): the first key fetches
    // CodeMirror, the next ones land in the plain editor meanwhile; all of it can be undone.
    const typed = await open({ language: 'en-US', asAdmin: false }, '/');
    const field = await visible(typed, editorOf(typed));
    expect(await field.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await expect.poll(() => hasFocus(typed, '.pb-editor')).toBe(true);
    await typed.keyboard.type('(first words');
    const content = await visible(typed, typed.locator('.cm-content'));
    await expect.poll(() => hasFocus(typed, '.cm-content')).toBe(true);
    await typed.keyboard.type(' and more');
    await expect.poll(() => content.textContent()).toBe('(first words and more');
    for (let undo = 0; undo < 3 && (await typed.locator('.cm-placeholder').count()) === 0; undo++) {
      await typed.keyboard.press('Control+z');
    }
    await visible(typed, typed.locator('.cm-placeholder'));
    await typed.context().close();

    // Tab as the very first key indents, as in CodeMirror, and the focus stays.
    const tabbed = await open({ language: 'en-US', asAdmin: false }, '/');
    await visible(tabbed, editorOf(tabbed));
    await expect.poll(() => hasFocus(tabbed, '.pb-editor')).toBe(true);
    await tabbed.keyboard.press('Tab');
    await tabbed.keyboard.type('indented');
    const indented = await visible(tabbed, tabbed.locator('.cm-content'));
    await expect.poll(() => indented.textContent()).toBe('  indented');
    expect(await hasFocus(tabbed, '.cm-content')).toBe(true);
    await tabbed.context().close();

    // A toolbar action before anything else acts on CodeMirror once it is there.
    const bolded = await open({ language: 'en-US', asAdmin: false }, '/');
    await (
      await visible(bolded, bolded.getByRole('button', { name: 'Bold', exact: true }))
    ).click();
    const bold = await visible(bolded, bolded.locator('.cm-content'));
    await expect.poll(() => bold.textContent()).toBe('**text**');
    await bolded.keyboard.type('strong');
    await expect.poll(() => bold.textContent()).toBe('**strong**');
    await bolded.context().close();
  });
});
