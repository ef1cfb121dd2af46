import { beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { mountFiles, openExplorer, seedExplorer } from './support/explorer-seed';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS } from './support/looks';
import { visible } from './support/ui';

/** The phone width these screenshots have always been taken at (docs/screenshots). */
const PHONE = { width: 375, height: 812 };

/**
 * The mount explorer, part two: previews and share links, renaming, deleting, views and
 * search, and the documentation's screenshots. It starts where explorer-browse.e2e.ts
 * leaves /team (its new folder `reports` and file `todo.md` seeded as drafts).
 */
describe('the mount explorer: previews, changes and screenshots', () => {
  const journey = useJourney();
  const { names } = mountFiles(journey);
  beforeAll(() => seedExplorer(journey, { drafts: true }), 120_000);

  it('previews an image and a Markdown file through ?preview=, which a reload keeps', async () => {
    const { context, page, table } = await openExplorer(journey, '/mount-explorer/team');
    await (await visible(page, table.getByRole('link', { name: 'photo.png' }))).click();
    expect(new URL(page.url()).searchParams.get('preview')).toBe('photo.png');
    const dialog = page.getByRole('dialog', { name: 'photo.png' });
    const image = await visible(page, dialog.getByRole('img', { name: 'Preview of photo.png' }));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

    await page.reload();
    await visible(page, page.getByRole('dialog', { name: 'photo.png' }).getByRole('img'));
    // → steps to the next file in the folder, in place.
    await page
      .getByRole('dialog', { name: 'photo.png' })
      .getByRole('button', { name: 'Close the preview' })
      .focus();
    await page.keyboard.press('ArrowRight');
    await visible(
      page,
      page
        .getByRole('dialog', { name: 'readme.md' })
        .getByRole('heading', { name: 'Team handbook' }),
    );
    expect(new URL(page.url()).searchParams.get('preview')).toBe('readme.md');
    await page.reload();
    const markdown = page.getByRole('dialog', { name: 'readme.md' });
    await visible(page, markdown.getByRole('heading', { name: 'Team handbook' }));
    await visible(page, markdown.getByText('Be kind'));
    await markdown.getByRole('button', { name: 'Close the preview' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await visible(page, table.getByRole('link', { name: 'readme.md' }));

    // Opened from the list, the back button closes the preview again.
    await table.getByRole('link', { name: 'readme.md' }).click();
    await visible(page, markdown.getByRole('heading', { name: 'Team handbook' }));
    await page.goBack();
    await expect.poll(() => markdown.count()).toBe(0);

    // A share link that works without signing in.
    await table.getByRole('button', { name: 'Actions for photo.png' }).click();
    await page.getByRole('menuitem', { name: 'Share link' }).click();
    const share = page.getByRole('dialog', { name: 'Share link' });
    await share.getByText('1 day').click();
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = await (
      await visible(page, share.getByRole('textbox', { name: 'Full link' }))
    ).inputValue();
    const anonymous = await fetch(link);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toContain('image/png');
    await share.getByRole('button', { name: 'QR code' }).click();
    await visible(page, page.getByRole('img', { name: 'QR code of the share link' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await context.close();
  });

  it('renames and deletes with a confirmation, switches views and searches', async () => {
    const { context, page, table } = await openExplorer(journey, '/mount-explorer/team');
    await (
      await visible(page, table.getByRole('button', { name: 'Actions for notes.txt' }))
    ).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename notes.txt' });
    await (await visible(page, rename.getByRole('textbox', { name: 'Name' }))).fill('minutes.txt');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await visible(page, table.getByRole('link', { name: 'minutes.txt' }));
    expect(await names('/team')).toContain('minutes.txt');
    expect(await names('/team')).not.toContain('notes.txt');

    await table.getByRole('button', { name: 'Actions for minutes.txt' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete minutes.txt?' });
    await visible(page, confirm.getByText('The file minutes.txt will be deleted for good.'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page, page.getByText('Deleted minutes.txt'));
    await expect.poll(() => table.getByRole('link', { name: 'minutes.txt' }).count()).toBe(0);
    expect(await names('/team')).not.toContain('minutes.txt');

    // Two at once through the selection: the batch reports its count.
    await table.getByRole('checkbox', { name: 'Select reports' }).check();
    await table.getByRole('checkbox', { name: 'Select todo.md' }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await visible(page, bar.getByText('2 selected'));
    await bar.getByRole('button', { name: 'Delete' }).click();
    const batch = page.getByRole('dialog', { name: 'Delete 2 items?' });
    await visible(page, batch.getByText('reports/'));
    await batch.getByRole('button', { name: 'Delete' }).click();
    await visible(page, page.getByText('Deleted 2 items'));
    expect(await names('/team')).toEqual(['archive', 'docs', 'photo.png', 'readme.md']);

    // Grid view, remembered across a reload; the image card shows its thumbnail.
    await page
      .locator('label')
      .filter({ hasText: /^Grid$/ })
      .click();
    const grid = page.getByRole('list', { name: 'Files and folders' });
    await visible(page, grid.getByRole('link', { name: 'photo.png' }));
    await page.reload();
    await visible(page, grid.getByRole('link', { name: 'photo.png' }));
    const thumbnail = grid.getByRole('listitem').filter({ hasText: 'photo.png' }).locator('img');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth).catch(() => 0))
      .toBe(320);
    await page
      .locator('label')
      .filter({ hasText: /^List$/ })
      .click();
    await visible(page, table);

    await page.getByRole('searchbox', { name: 'Search in this folder' }).fill('READ');
    await expect.poll(() => table.getByRole('link').allTextContents()).toEqual(['readme.md']);
    await page.getByRole('searchbox', { name: 'Search in this folder' }).fill('zzz');
    await visible(page, page.getByText('Nothing in this folder matches “zzz”.'));

    await context.close();
  });

  it('takes the screenshots in both languages, both themes and at phone width', async () => {
    for (const look of LANGUAGE_THEME_PAIRS) {
      const zh = look.language === 'zh-CN';
      const suffix = `${look.language}-${look.theme}`;
      const { context, page } = await journey.open('/mount-explorer/team', look);
      await visible(page, page.getByRole('link', { name: 'readme.md' }));
      await docsScreenshot(page, `explorer-${suffix}`);
      if (look.theme === 'light' && !zh) {
        await page
          .locator('label')
          .filter({ hasText: /^Grid$/ })
          .click();
        await visible(page, page.getByRole('list').getByRole('link', { name: 'photo.png' }));
        await docsScreenshot(page, `explorer-grid-${suffix}`);
        await page
          .locator('label')
          .filter({ hasText: /^List$/ })
          .click();
      }
      await page.goto('/mount-explorer/team?preview=readme.md');
      await visible(page, page.getByRole('dialog').getByRole('heading', { name: 'Team handbook' }));
      await docsScreenshot(page, `explorer-preview-${suffix}`);
      await page.goto('/mount-explorer/team');
      await (
        await visible(
          page,
          page.getByRole('button', { name: zh ? 'readme.md 的操作' : 'Actions for readme.md' }),
        )
      ).click();
      await page.getByRole('menuitem', { name: zh ? '编辑' : 'Edit' }).click();
      const readme = page.getByRole('dialog').locator('.pb-editor textarea');
      await expect.poll(() => readme.inputValue()).toContain('Team handbook');
      await docsScreenshot(page, `explorer-editor-${suffix}`);
      await context.close();
    }
    for (const look of [
      { language: 'en-US', theme: 'light' },
      { language: 'zh-CN', theme: 'dark' },
    ] as const) {
      const suffix = `${look.language}-${look.theme}`;
      const { context, page } = await journey.open('/mount-explorer/team', {
        ...look,
        viewport: PHONE,
      });
      await visible(page, page.getByRole('link', { name: 'readme.md' }));
      expect(await page.getByRole('table').count()).toBe(0);
      await docsScreenshot(page, `explorer-phone-${suffix}`);
      await page
        .getByRole('button', { name: look.language === 'zh-CN' ? '更多操作' : 'More actions' })
        .click();
      await visible(
        page,
        page.getByRole('menuitem', {
          name: look.language === 'zh-CN' ? '新建文件夹' : 'New folder',
        }),
      );
      await docsScreenshot(page, `explorer-phone-menu-${suffix}`);
      await page.keyboard.press('Escape');
      await page.goto('/mount-explorer/team?preview=photo.png');
      await visible(page, page.getByRole('dialog').getByRole('img'));
      await docsScreenshot(page, `explorer-phone-preview-${suffix}`);
      await context.close();
    }
  });
});
