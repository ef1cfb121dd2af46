import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey';
import { visible } from './support/ui';

/**
 * Issue 13: every action is reachable from the keyboard, focus is visible, and a dialog
 * keeps focus inside while open and gives it back to what opened it.
 */

/** The focused element: its accessible text and whether the browser draws a focus ring. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return null;
    }
    const style = getComputedStyle(element);
    return {
      label: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      ring: element.matches(':focus-visible') && style.outlineStyle !== 'none',
      inDialog: element.closest('[role="dialog"]') !== null,
    };
  });
}

/** Presses Tab until an element whose label contains `label` has focus. */
async function tabTo(page: Page, label: string, limit = 40) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now?.label.includes(label)) {
      return now;
    }
  }
  throw new Error(`"${label}" is not reachable with Tab`);
}

describe('keyboard use', () => {
  const journey = useJourney();
  beforeAll(async () => {
    await journey.call('POST', '/paste', { content: 'keyboard only', slug: 'keys-only' });
  });

  it('reaches the header with Tab, with a visible focus ring, and follows a link with Enter', async () => {
    const { context, page } = await journey.open('/paste/keys-only', {
      language: 'en-US',
      asAdmin: false,
    });
    await visible(page, page.getByText('keyboard only'));
    const upload = await tabTo(page, 'Upload');
    expect(upload.ring).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/upload');
    await context.close();
  });

  it('keeps focus inside an open dialog and returns it to the button that opened it', async () => {
    const { context, page } = await journey.open('/paste/keys-only', {
      language: 'en-US',
      asAdmin: false,
    });
    await visible(page, page.getByText('keyboard only'));
    const opener = await tabTo(page, 'QR code');
    expect(opener.ring).toBe(true);
    await page.keyboard.press('Enter');
    await visible(page, page.getByRole('dialog'));
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page))?.inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await focused(page))?.label).toContain('QR code');
    await context.close();
  });
});
