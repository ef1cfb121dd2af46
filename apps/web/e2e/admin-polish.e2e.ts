import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney, type PageOptions } from './support/journey';
import { LANGUAGE_THEME_PAIRS as LOOKS, PHONE } from './support/looks';
import { visible } from './support/ui';

/**
 * Screens of this journey, both languages and themes, wide and phone, for review: what the
 * viewport shows, once tooltips, toasts and transitions have settled.
 */
const REVIEW = { fullPage: false, settleMs: 400 } as const;

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

interface StorageConfig {
  id: string;
  name: string;
  is_default: boolean;
}

describe('honest admin screens', () => {
  const journey = useJourney();
  let textKey: string;

  /** A page at `route`: the admin's unless the options say `asAdmin: false`. */
  const open = async (options: PageOptions, route: string) =>
    (await journey.open(route, options)).page;

  beforeAll(async () => {
    const created = await journey.call<{ key: string }>('POST', '/admin/api-keys', {
      name: 'Text bot',
      text_permission: true,
    });
    textKey = created.key;
    // A second config with a mount on it: its delete is disabled for being in use.
    const second = await journey.call<StorageConfig>('POST', '/s3-configs', {
      name: 'Team disk',
      provider_type: 'local',
      root_path: 'team-disk',
    });
    await journey.call('POST', '/admin/mounts', {
      name: 'Team',
      mount_path: '/team',
      storage_config_id: second.id,
    });
  }, 120_000);

  it('tells a key user why /admin/settings is closed, links its modules, says "User"', async () => {
    const page = await open(
      { language: 'en-US', theme: 'light', apiKey: textKey, asAdmin: false },
      '/admin/settings',
    );
    await visible(page, page.getByText('This module needs an admin account'));
    await screenshot(page, 'admin-polish-forbidden-wide-en-US-light', REVIEW);
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    await visible(page, page.getByRole('heading', { name: 'User panel' }));
    const header = page.getByRole('navigation', { name: 'Menu' });
    expect(await header.getByRole('link', { name: 'User' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    const offered = page.getByRole('navigation', { name: 'Modules your key can use' });
    expect(await offered.getByRole('link').allTextContents()).toEqual(['Text management']);
    await offered.getByRole('link', { name: 'Text management' }).click();
    await visible(page, page.getByRole('heading', { name: 'Text management' }));
    expect(new URL(page.url()).pathname).toBe('/admin/text-management');
    expect(await page.getByText('This module needs an admin account').count()).toBe(0);

    // /admin itself lands on the key's first module, without any notice.
    await page.goto('/admin');
    await visible(page, page.getByRole('heading', { name: 'Text management' }));
    expect(new URL(page.url()).pathname).toBe('/admin/text-management');
    expect(await page.getByText('This module needs an admin account').count()).toBe(0);
    await page.context().close();
  });

  it('disables deleting the default storage, with the reason on hover and focus', async () => {
    const page = await open({ language: 'en-US', theme: 'light' }, '/admin/storage-config');
    const bin = await visible(page, page.getByRole('button', { name: 'Delete Local storage' }));
    expect(await bin.getAttribute('aria-disabled')).toBe('true');
    await bin.hover();
    const tooltip = await visible(page, page.getByRole('tooltip'));
    await screenshot(page, 'admin-polish-storage-wide-en-US-light', REVIEW);
    expect(await tooltip.textContent()).toBe(
      "The default storage can't be deleted. Make another config the default first.",
    );
    await bin.click({ force: true });
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Keyboard users reach the reason too: the disabled bin stays in the tab order.
    await page.mouse.move(0, 0);
    const teamBin = page.getByRole('button', { name: 'Delete Team disk' });
    for (let presses = 0; presses < 40 && !(await isFocused(teamBin)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await isFocused(teamBin)).toBe(true);
    await visible(
      page,
      page.getByRole('tooltip').filter({ hasText: "In use by 1 mount: it can't be deleted" }),
    );
    await page.context().close();
  });

  it('takes an unknown address home with a toast', async () => {
    const page = await open({ language: 'en-US', theme: 'light', asAdmin: false }, '/no/such/page');
    await visible(page, page.getByText("Page not found — we've taken you home"));
    // The URL changes once the home page's chunk has loaded.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await visible(page, page.getByRole('button', { name: 'Create share' }));
    await page.context().close();
  });

  it('shows the built-in storage in Chinese, wherever its name shows', async () => {
    const page = await open({ language: 'zh-CN', theme: 'light' }, '/admin/storage-config');
    await visible(page, page.getByText('本地存储', { exact: true }));
    expect(await page.getByText('Local storage', { exact: true }).count()).toBe(0);
    await visible(page, page.getByText('Team disk', { exact: true }));
    // The mount form's storage select names it the same way.
    await page.goto('/admin/mount-management');
    await (await visible(page, page.getByRole('button', { name: '添加挂载点' }))).click();
    await (await visible(page, page.getByRole('textbox', { name: '存储配置' }))).click();
    await visible(page, page.getByRole('option', { name: /^本地存储/ }));
    await page.context().close();
  });

  it('takes the screenshots of these screens (phone, both languages and themes)', async () => {
    for (const look of LOOKS) {
      const tag = `${look.language}-${look.theme}`;
      const base = { language: look.language, theme: look.theme, viewport: PHONE };
      const key = await open({ ...base, apiKey: textKey, asAdmin: false }, '/admin/settings');
      await visible(key, key.locator('.mantine-Alert-root'));
      await screenshot(key, `admin-polish-forbidden-${tag}`, REVIEW);
      const menu = look.language === 'en-US' ? 'Menu' : '菜单';
      await key.getByRole('button', { name: menu, exact: true }).click();
      await screenshot(key, `admin-polish-forbidden-menu-${tag}`, REVIEW);
      await key.context().close();

      const admin = await open(base, '/admin/storage-config');
      const name = look.language === 'en-US' ? 'Delete Local storage' : /^删除.*本地存储/;
      const bin = await visible(admin, admin.getByRole('button', { name }).first());
      await bin.hover();
      await visible(admin, admin.getByRole('tooltip'));
      await screenshot(admin, `admin-polish-storage-${tag}`, REVIEW);
      await admin.context().close();

      const lost = await open({ ...base, asAdmin: false }, '/no/such/page');
      await visible(lost, lost.locator('.mantine-Notification-root'));
      await screenshot(lost, `admin-polish-not-found-${tag}`, REVIEW);
      await lost.context().close();
    }
  }, 240_000);
});
