import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The local-storage key of the theme (SPEC §3), as the app's color-scheme manager uses it. */
const THEME_KEY = 'themeMode';

/**
 * Switches an open page to `theme` the way a second tab of the same user does: that tab
 * stores the new mode and the page follows through the `storage` event, in place, without
 * a reload. Resolves once the page shows the theme (`data-mantine-color-scheme`).
 */
export async function switchThemeInPlace(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const tab = await page.context().newPage();
  try {
    // Any page of the origin shares its local storage; the health answer is the lightest.
    await tab.goto('/api/health');
    await tab.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_KEY,
      value: theme,
    });
  } finally {
    await tab.close();
  }
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .toBe(theme);
}
