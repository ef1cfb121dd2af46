import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadViaApi } from './support/api';
import { formatFindings, seriousViolations } from './support/axe';
import { settler } from './support/settle';
import { switchThemeInPlace } from './support/theme';
import { useJourney } from './support/journey';

/**
 * Issue 13: every screen of SPEC §2, light and dark, has no serious or critical WCAG 2 AA
 * violation that axe-core can find. Each screen is opened the way a user meets it, scanned
 * once it has settled (no request, loader or transition left), switched to the other theme
 * in place and scanned again. The theme a screen opens in alternates from one screen to the
 * next, so each theme is checked both on a first load and after a live switch.
 */

interface Screen {
  name: string;
  path: string;
  /** Signed in as the admin. */
  admin?: boolean;
  /** Clicks that bring up the state to scan (a tab, a dialog). */
  open?: (page: Page) => Promise<void>;
}

/** The screens of SPEC §2; `file` is the slug of a file share made before the scan. */
function screens(file: string): Screen[] {
  return [
    { name: 'home', path: '/' },
    { name: 'upload-signed-out', path: '/upload' },
    { name: 'upload', path: '/upload', admin: true },
    {
      name: 'upload-url-tab',
      path: '/upload',
      admin: true,
      open: (page) => page.getByRole('tab').nth(1).click(),
    },
    { name: 'login', path: '/admin' },
    { name: 'paste', path: '/paste/a11y-open' },
    { name: 'paste-password', path: '/paste/a11y-locked' },
    { name: 'file', path: `/file/${file}` },
    { name: 'mount-explorer', path: '/mount-explorer', admin: true },
    ...[
      'dashboard',
      'text-management',
      'file-management',
      'storage-config',
      'mount-management',
      'key-management',
      'settings',
    ].map((module) => ({ name: `admin-${module}`, path: `/admin/${module}`, admin: true })),
  ];
}

describe('accessibility (axe-core, WCAG 2 AA)', () => {
  const journey = useJourney();
  let fileSlug = '';

  beforeAll(async () => {
    await journey.call('POST', '/paste', {
      content: '# Notes\n\nSome **bold** text, a [link](https://example.com) and `code`.',
      slug: 'a11y-open',
      remark: 'open paste',
    });
    await journey.call('POST', '/paste', {
      content: 'secret',
      slug: 'a11y-locked',
      password: 'open sesame',
    });
    const file = await uploadViaApi(journey.server.baseUrl, journey.token, {
      name: 'notes.txt',
      type: 'text/plain',
      body: 'hello',
    });
    fileSlug = file.slug;
  });

  screens('').forEach((screen, index) => {
    const themes = index % 2 === 0 ? (['light', 'dark'] as const) : (['dark', 'light'] as const);

    describe(screen.name, () => {
      let context: BrowserContext | undefined;
      let opened: Promise<{ page: Page; settle: () => Promise<void> }> | undefined;

      /** Opens the screen once, in the first test (expect.poll needs one), for both. */
      async function openScreen() {
        const { path, admin, open } = screens(fileSlug).find((s) => s.name === screen.name)!;
        context = await journey.context({
          asAdmin: admin === true,
          language: 'en-US',
          theme: themes[0],
          spansTests: true,
        });
        const page = await context.newPage();
        const settle = settler(page);
        await page.goto(path);
        await settle();
        if (open) {
          await open(page);
          await settle();
        }
        return { page, settle };
      }

      afterAll(async () => {
        await context?.close();
      });

      for (const theme of themes) {
        it(`${screen.name} has no serious violation in the ${theme} theme`, async () => {
          opened ??= openScreen();
          const { page, settle } = await opened;
          if (theme !== themes[0]) {
            await switchThemeInPlace(page, theme);
            await settle();
          }
          const findings = await seriousViolations(page);
          expect(formatFindings(`${screen.name} (${theme})`, findings)).toBe('');
        });
      }
    });
  });
});
