import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { FOUR_LOOKS, mountTeam } from './support/looks';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

/**
 * The explorer's share link (issue 30): the QR code encoded a signed URL of some 300
 * characters; the dialog now makes a short link that redirects to it, shows both (each
 * with its copy button), and the QR code encodes the short one.
 */

const WORDS = {
  'en-US': {
    share: 'Share link',
    create: 'Create link',
    short: 'Short link',
    full: 'Full link',
    copyShort: 'Copy the short link',
    copyFull: 'Copy the full link',
    qr: 'QR code',
    qrImage: 'QR code of the share link',
    closePreview: 'Close the preview',
  },
  'zh-CN': {
    share: '分享链接',
    create: '生成链接',
    short: '短链接',
    full: '完整链接',
    copyShort: '复制短链接',
    copyFull: '复制完整链接',
    qr: '二维码',
    qrImage: '分享链接的二维码',
    closePreview: '关闭预览',
  },
} as const;

describe('a short link for the share QR (issue 30)', () => {
  const journey = useJourney();
  beforeAll(async () => {
    await mountTeam(journey.server.baseUrl, journey.token, { 'notes.txt': 'first notes\n' });
  }, 120_000);

  for (const look of FOUR_LOOKS) {
    it(`shows a short link, encodes it in the QR code, and it redirects (${look.language}, ${look.theme}, ${look.name})`, async () => {
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
      await preview.getByRole('button', { name: words.share }).click();
      const dialog = page.getByRole('dialog', { name: words.share });
      await (await visible(page, dialog.getByRole('button', { name: words.create }))).click();

      const short = await (
        await visible(page, dialog.getByRole('textbox', { name: words.short }))
      ).inputValue();
      const full = await dialog.getByRole('textbox', { name: words.full }).inputValue();
      expect(short).toMatch(new RegExp(`^${journey.server.baseUrl}/api/s/[A-Za-z0-9]{12}$`));
      expect(full).toContain('/api/storage/local/');
      expect(short.length).toBeLessThan(full.length / 3);
      await visible(page, dialog.getByRole('button', { name: words.copyShort }));
      await visible(page, dialog.getByRole('button', { name: words.copyFull }));
      await docsScreenshot(page, `explorer-short-link-${look.language}-${look.theme}-${look.name}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The QR code encodes the short link (the dialog prints what it encodes).
      await dialog.getByRole('button', { name: words.qr }).click();
      const qr = page.getByRole('dialog').filter({ has: page.getByAltText(words.qrImage) });
      await visible(page, qr);
      expect(await qr.getByText(short, { exact: true }).count()).toBe(1);
      await docsScreenshot(
        page,
        `explorer-short-link-qr-${look.language}-${look.theme}-${look.name}`,
      );
      await page.keyboard.press('Escape');

      // The short link redirects to the full one, which opens the file without signing in.
      const redirect = await fetch(short, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe(full);
      const stranger = await journey.browser.newPage();
      await stranger.goto(short);
      expect(await stranger.locator('body').innerText()).toContain('first notes');
      expect(stranger.url()).toBe(full);
      await stranger.close();
      await context.close();
    });
  }
});
