import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { E2E_ADMIN } from './server';

/** Waits until `locator` is visible, polling (the app renders asynchronously). */
export async function visible(
  page: Page,
  selector: Parameters<Page['locator']>[0] | ReturnType<Page['locator']>,
  timeout = 30_000,
) {
  const locator = typeof selector === 'string' ? page.locator(selector) : selector;
  try {
    await expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
  } catch (error) {
    // A picture of the page as it was is the quickest way to see why.
    await screenshot(page, `failure-${Date.now()}`).catch(() => undefined);
    throw new Error(`Not visible on ${page.url()}: ${String(locator)}`, { cause: error });
  }
  return locator.first();
}

/** Logs in as the admin through the login screen at /admin. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await (await visible(page, page.getByLabel('Username'))).fill(E2E_ADMIN.username);
  await page.getByPlaceholder('Your password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await visible(page, page.getByRole('button', { name: 'Log out' }));
}

/**
 * Reaches for the editor as a person does, with a click into it: the page paints a plain
 * textarea (`.pb-editor`) until then, and the click brings CodeMirror in, which keeps the
 * focus. Returns CodeMirror's content element once it has the focus.
 */
export async function focusEditor(page: Page, scope: Page | Locator = page): Promise<Locator> {
  const field = await visible(page, scope.locator('.pb-editor textarea, .cm-content'));
  await field.click();
  const content = await visible(page, scope.locator('.cm-content'));
  await expect
    .poll(() => content.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  return content;
}

/**
 * Replaces the editor's content by typing into it, and checks it landed: on a slow machine
 * the editor can still be settling (draft check, CodeMirror arriving) right after the page
 * loads, so typing is retried until the editor holds the text.
 */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  const firstLine = text.split('\n')[0] ?? '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const editor = await focusEditor(page);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
    await page.waitForTimeout(300);
    if ((await editor.textContent())?.includes(firstLine)) {
      return;
    }
  }
  throw new Error('the editor did not keep the typed text');
}

/** Fills the share options form and creates the share; returns the share link. */
export async function createShare(
  page: Page,
  options: { slug?: string; password?: string; maxViews?: number; remark?: string },
): Promise<string> {
  const form = page.getByRole('form', { name: 'Share options' });
  if (options.slug) {
    await form.getByLabel('Link suffix').fill(options.slug);
  }
  if (options.remark) {
    await form.getByLabel('Remark').fill(options.remark);
  }
  if (options.password) {
    await form.getByPlaceholder('No password').fill(options.password);
  }
  if (options.maxViews !== undefined) {
    await form.getByLabel('View limit').fill(String(options.maxViews));
  }
  await page.getByRole('button', { name: 'Create share' }).click();
  const link = await visible(page, page.getByLabel('Share link'));
  return link.inputValue();
}

/**
 * Whether the element at the centre of `locator`'s box is inside it: nothing is painted over
 * it. A dialog opened under another (issue 30) fails this although Playwright calls it
 * visible.
 */
export async function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/**
 * A client-side navigation, as the app's own links make it: no page load, and a history
 * entry the router can go back from (its state carries a key and an index, as React
 * Router's own push writes them).
 */
export async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    const current = window.history.state as { idx?: number } | null;
    const idx = (current?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e-${idx}`, idx }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}
