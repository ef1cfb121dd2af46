import fs from 'node:fs';
import path from 'node:path';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe';
import { screenshot } from './support/browser';
import { settler } from './support/settle';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

const MB = 1024 * 1024;
const PHONE = { width: 390, height: 844 };

/**
 * "Recount usage" (DESIGN §5, capacity is a ledger): a file put into a local storage's
 * folder behind Pastebox's back counts once the admin recounts, on the list and in the
 * notification.
 */
describe('Recount usage of a storage config', () => {
  const journey = useJourney();

  /** A local config with a 10 MB capacity in DATA_DIR/<folder>; its directory, made now. */
  async function localConfig(name: string, folder: string): Promise<string> {
    await journey.call<StorageConfigItem>('POST', '/s3-configs', {
      name,
      provider_type: 'local',
      root_path: folder,
      total_storage_bytes: 10 * MB,
    });
    const root = path.join(journey.server.dataDir, folder);
    fs.mkdirSync(root, { recursive: true });
    return root;
  }

  /** No serious or critical WCAG 2 AA finding on the page as it is now. */
  async function expectAccessible(page: Page, screen: string): Promise<void> {
    const findings = await seriousViolations(page);
    expect(findings, formatFindings(screen, findings)).toEqual([]);
  }

  /** Holds every recount answer until the returned function is called. */
  async function holdRecounts(page: Page): Promise<() => void> {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/s3-configs/*/reconcile', async (route) => {
      await gate;
      await route.continue();
    });
    return release;
  }

  it('counts a file dropped into the folder once the admin recounts', async () => {
    const root = await localConfig('Scratch disk', 'scratch');
    const { context, page } = await journey.open('/admin/storage-config', {
      language: 'en-US',
      theme: 'light',
    });
    const row = page.getByRole('row').filter({ hasText: 'Scratch disk' });
    await visible(page, row.getByText('0 B of 10 MiB'));

    fs.writeFileSync(path.join(root, 'dropped-in.bin'), Buffer.alloc(1.5 * MB, 7));
    const release = await holdRecounts(page);
    const recount = row.getByRole('button', { name: 'Recount usage of Scratch disk' });
    await recount.focus();
    await page.keyboard.press('Enter');
    const busy = row.getByRole('button', { name: 'Recounting usage of Scratch disk…' });
    await visible(page, busy);
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await busy.evaluate((button) => button === document.activeElement)).toBe(true);
    release();

    await visible(page, page.getByText('Recounted Scratch disk: 1.5 MiB of 10 MiB used.'));
    await visible(page, row.getByText('1.5 MiB of 10 MiB'));
    expect(await recount.evaluate((button) => button === document.activeElement)).toBe(true);
    const configs = await journey.call<StorageConfigItem[]>('GET', '/s3-configs');
    expect(configs.find((c) => c.name === 'Scratch disk')?.used_bytes).toBe(1.5 * MB);
    await context.close();
  });

  it.each([
    { language: 'en-US', theme: 'light' },
    { language: 'en-US', theme: 'dark' },
    { language: 'zh-CN', theme: 'light' },
    { language: 'zh-CN', theme: 'dark' },
  ] as const)('fits a phone, $language $theme', async ({ language, theme }) => {
    const folder = `phone-${language}-${theme}`;
    const name = `Phone ${language} ${theme}`;
    const root = await localConfig(name, folder);
    const context = await journey.context({
      language,
      theme,
      viewport: PHONE,
      expectProblems: [/HTTP 503 POST \/api\/s3-configs\/[^/]+\/reconcile/],
    });
    const page = await context.newPage();
    const settle = settler(page);
    await page.goto('/admin/storage-config');
    const zh = language === 'zh-CN';
    // The innermost paper holding the name: the card, not the list frame around every card.
    const card = page.locator('.mantine-Paper-root').filter({ hasText: name }).last();
    await visible(page, card.getByText(zh ? '已用 0 B / 共 10 MiB' : '0 B of 10 MiB'));
    const label = zh ? `重新统计 ${name} 的用量` : `Recount usage of ${name}`;
    // Every action of the card is on screen, none clipped, at 390 px.
    for (const button of await card.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }

    fs.writeFileSync(path.join(root, 'synced.bin'), Buffer.alloc(2 * MB, 1));
    const release = await holdRecounts(page);
    await card.getByRole('button', { name: label }).click();
    await visible(
      page,
      card.getByRole('button', {
        name: zh ? `正在统计 ${name} 的用量…` : `Recounting usage of ${name}…`,
      }),
    );
    await page.waitForTimeout(300); // the spinner's slide-in, for the picture
    await screenshot(page, `admin-storage-recount-busy-${language}-${theme}-phone`);
    await expectAccessible(page, 'recount running');
    release();
    await visible(
      page,
      page.getByText(
        zh
          ? `已重新统计 ${name}：已用 2 MiB / 共 10 MiB。`
          : `Recounted ${name}: 2 MiB of 10 MiB used.`,
      ),
    );
    await visible(page, card.getByText(zh ? '已用 2 MiB / 共 10 MiB' : '2 MiB of 10 MiB'));
    await settle();
    await screenshot(page, `admin-storage-recount-done-${language}-${theme}-phone`);
    await expectAccessible(page, 'recount done');

    // A storage that cannot be listed: the error says so, in the page's language.
    await page.unroute('**/api/s3-configs/*/reconcile');
    await page.route('**/api/s3-configs/*/reconcile', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 503,
          message: 'Service unavailable',
          data: null,
          success: false,
          error: 'SERVICE_UNAVAILABLE',
        }),
      }),
    );
    await card.getByRole('button', { name: label }).click();
    await visible(
      page,
      page.getByText(
        zh
          ? `无法重新统计 ${name} 的用量：服务暂不可用，请稍后再试`
          : `Could not recount the usage of ${name}: The service is unavailable, try again later`,
      ),
    );
    await settle();
    await screenshot(page, `admin-storage-recount-error-${language}-${theme}-phone`);
    await expectAccessible(page, 'recount failed');
    await context.close();
  });
});
