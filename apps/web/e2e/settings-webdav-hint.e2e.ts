import { describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

const LOOKS = [
  { language: 'en-US', theme: 'light', field: 'WebDAV upload mode', stale: /later version/ },
  { language: 'zh-CN', theme: 'dark', field: 'WebDAV 上传方式', stale: /后续版本/ },
] as const;

/**
 * Issue 30: Settings → System said WebDAV "arrives in a later version" long after it
 * shipped; the hint now says where WebDAV is (/dav/) and what the mode chooses.
 */
describe('the WebDAV upload mode setting', () => {
  const journey = useJourney();

  for (const look of LOOKS) {
    it(`explains WebDAV as it is now (${look.language}, ${look.theme})`, async () => {
      const { context, page } = await journey.open('/admin/settings', {
        language: look.language,
        theme: look.theme,
      });
      const mode = await visible(page, page.getByRole('combobox', { name: look.field }));
      const hint = await mode.evaluate(
        (select) =>
          document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
      expect(hint).toContain('/dav/');
      expect(hint).not.toMatch(look.stale);
      expect(await page.getByText(look.stale).count()).toBe(0);
      await docsScreenshot(page, `settings-system-${look.language}-${look.theme}`);
      await context.close();
    });
  }
});
