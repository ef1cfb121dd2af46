import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { docsScreenshot, screenshot, type ContextOptions } from './support/browser';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

/** Review pictures (every language, theme and width), once the chart's entry animation settles. */
const REVIEW = { settleMs: 600 } as const;
const PHONE = { width: 390, height: 844 };
const ARCHIVE_QUOTA = 10 * 1024 * 1024;

/** The big number of one stat card. */
const statValue = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).getByTestId('stat-value');

/** Today as the chart's axis writes it (UTC days, the reader's language). */
const todayLabel = (language: string) =>
  new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );

describe('the admin dashboard', () => {
  const journey = useJourney();

  const open = async (options: Omit<ContextOptions, 'baseUrl' | 'adminToken'>) => {
    const { context, page } = await journey.open('/admin', {
      ...options,
    });
    return { context, page };
  };

  it('greets a fresh install with the ways to make a first share', async () => {
    const { context, page } = await open({ language: 'en-US', theme: 'light' });
    await visible(page, page.getByRole('heading', { name: 'No shares yet' }));
    expect(await statValue(page, 'Text shares').textContent()).toBe('0');
    expect(await page.getByRole('link', { name: 'Upload a file' }).getAttribute('href')).toBe(
      '/upload',
    );
    await screenshot(page, 'dashboard-empty-en-US-light', REVIEW);
    await context.close();
  });

  it('counts the shares, charts them as bars or lines and shows each bucket', async () => {
    const paste = await journey.call<{ slug: string }>('POST', '/paste', {
      content: '# Release notes\n\nVersion 1.0',
      remark: 'Release notes',
    });
    // Three pastes and two files, so the two lines of the line chart do not overlap.
    for (const content of ['second paste', 'third paste']) {
      await journey.call('POST', '/paste', { content });
    }
    await uploadViaApi(journey.server.baseUrl, journey.token, {
      name: 'hello.txt',
      type: 'text/plain',
      body: 'hello from the local disk',
    });
    const archive = await journey.call<{ id: string }>('POST', '/s3-configs', {
      name: 'Archive disk',
      provider_type: 'local',
      root_path: 'archive',
      total_storage_bytes: ARCHIVE_QUOTA,
    });
    const report = await uploadViaApi(
      journey.server.baseUrl,
      journey.token,
      { name: 'report.csv', type: 'text/csv', body: 'x'.repeat(2048) },
      { s3_config_id: archive.id },
    );

    const { context, page } = await open({ language: 'en-US', theme: 'light' });
    await visible(page, page.getByRole('heading', { name: 'Last 7 days' }));
    expect(await page.title()).toBe('Dashboard - Pastebox');
    expect(await statValue(page, 'Text shares').textContent()).toBe('3');
    expect(await statValue(page, 'File shares').textContent()).toBe('2');
    expect(await statValue(page, 'Storage configs').textContent()).toBe('2');
    expect(await page.getByText('+3 today').count()).toBe(1);
    expect(await page.getByText('+2 today').count()).toBe(1);
    await visible(page, page.getByText('3 text shares and 2 file shares created (UTC days)'));

    // Bars first: one rectangle per non-zero value, no line path.
    await expect.poll(() => page.locator('.recharts-bar-rectangle path').count()).toBe(2);
    expect(await page.locator('.recharts-line-curve').count()).toBe(0);
    const ticks = page.locator('.recharts-xAxis-tick-labels text');
    expect(await ticks.allTextContents()).toContain(todayLabel('en-US'));
    // The README's picture of the dashboard.
    await docsScreenshot(page, 'dashboard', REVIEW);

    await page.locator('label', { hasText: 'Lines' }).click();
    await expect.poll(() => page.locator('.recharts-line-curve').count()).toBe(2);
    expect(await page.locator('.recharts-bar-rectangle').count()).toBe(0);
    await screenshot(page, 'dashboard-lines-en-US-light', REVIEW);
    await page.locator('label', { hasText: 'Bars' }).click();
    await expect.poll(() => page.locator('.recharts-bar-rectangle path').count()).toBe(2);

    // The default (local) config first: unlimited, one file; then the archive with its quota.
    const bucket = page.getByRole('textbox', { name: 'Storage bucket' });
    expect(await bucket.inputValue()).toBe('Local storage');
    await visible(page, page.getByText('Unlimited'));
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await bucket.click();
    await page.getByRole('option', { name: 'Archive disk' }).click();
    expect(await bucket.inputValue()).toBe('Archive disk');
    await visible(page, page.getByText('2 KiB', { exact: true }));
    await visible(page, page.getByText('10 MiB', { exact: true }));
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      String((2048 / ARCHIVE_QUOTA) * 100),
    );
    await visible(page, page.getByText('< 0.1% of the capacity used'));
    await screenshot(page, 'dashboard-bucket-en-US-light', REVIEW);

    // The newest shares link to their pages.
    expect(await page.getByRole('link', { name: 'Release notes' }).getAttribute('href')).toBe(
      `/paste/${paste.slug}`,
    );
    await page.getByRole('link', { name: 'report.csv' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/file/${report.slug}`);
    await context.close();
  });

  it('reads in both languages and themes, on a desktop and on a phone', async () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const viewport of [undefined, PHONE]) {
          const { context, page } = await open({ language, theme, viewport });
          const title = language === 'en-US' ? 'Last 7 days' : '最近 7 天';
          await visible(page, page.getByRole('heading', { name: title }));
          await expect.poll(() => page.locator('.recharts-bar-rectangle path').count()).toBe(2);
          const ticks = page.locator('.recharts-xAxis-tick-labels text');
          expect(await ticks.allTextContents()).toContain(todayLabel(language));
          const width = viewport ? '-phone' : '';
          await screenshot(page, `dashboard-${language}-${theme}${width}`, REVIEW);
          await context.close();
        }
      }
    }
  });
  it('still counts today’s shares after they are used up, swept and deleted (issue 30)', async () => {
    const once = await journey.call<{ slug: string }>('POST', '/paste', {
      content: 'read me once',
      max_views: 1,
    });
    expect((await fetch(`${journey.server.baseUrl}/api/paste/${once.slug}`)).status).toBe(200);
    await journey.call('POST', '/admin/pastes/clear-expired');
    const files = await journey.call<{ items: { id: string; filename: string }[] }>(
      'GET',
      '/admin/files',
    );
    const hello = files.items.find((file) => file.filename === 'hello.txt');
    await journey.call('DELETE', `/admin/files/${hello?.id ?? 'none'}`);

    for (const language of ['en-US', 'zh-CN'] as const) {
      const { context, page } = await open({ language, theme: 'dark' });
      const zh = language === 'zh-CN';
      await visible(page, page.getByRole('heading', { name: zh ? '最近 7 天' : 'Last 7 days' }));
      // What is stored now: three pastes (the used-up one swept), one file share.
      expect(await statValue(page, zh ? '文本分享' : 'Text shares').textContent()).toBe('3');
      expect(await statValue(page, zh ? '文件分享' : 'File shares').textContent()).toBe('1');
      // What was created today: all four pastes and both file shares.
      await visible(page, page.getByText(zh ? '今日 +4' : '+4 today'));
      await visible(page, page.getByText(zh ? '今日 +2' : '+2 today'));
      await screenshot(page, `dashboard-history-${language}-dark`, REVIEW);
      await context.close();
    }
  });
});
