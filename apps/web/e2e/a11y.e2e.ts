import { sealBytes } from '@pastebox/contract/e2e/blob';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import { sealFileMeta } from '@pastebox/contract/e2e/metadata';
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

/** What the scan opens, made before it: a file share, and encrypted shares' full links. */
interface Made {
  file: string;
  sealedPaste: string;
  sealedFile: string;
}

/** The screens of SPEC §2, and the states end-to-end encryption adds (issue 35). */
function screens(made: Made): Screen[] {
  return [
    { name: 'home', path: '/' },
    {
      name: 'home-encrypt',
      path: '/',
      open: (page) => page.getByText('End-to-end encrypt', { exact: true }).click(),
    },
    { name: 'paste-encrypted-password', path: made.sealedPaste },
    { name: 'paste-encrypted-no-key', path: made.sealedPaste.replace(/#.*$/, '') },
    { name: 'file-encrypted', path: made.sealedFile },
    {
      name: 'upload-encrypt',
      path: '/upload',
      admin: true,
      open: async (page) => {
        await page.getByText('Default options').click();
        await page.getByText('End-to-end encrypt', { exact: true }).click();
      },
    },
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
    { name: 'file', path: `/file/${made.file}` },
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
  const made: Made = { file: '', sealedPaste: '', sealedFile: '' };

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
    made.file = file.slug;

    const pasteKey = newFragmentKey();
    const blob = await sealBytes(new TextEncoder().encode('sealed words'), pasteKey, {
      password: 'lantern',
    });
    const paste = await journey.call<{ slug: string }>('POST', '/paste', {
      content: encodeBase64Url(blob),
      encrypted: true,
    });
    made.sealedPaste = `/paste/${paste.slug}#k=${encodeBase64Url(pasteKey)}`;
    const fileKey = newFragmentKey();
    const sealed = await uploadViaApi(
      journey.server.baseUrl,
      journey.token,
      {
        name: 'encrypted',
        type: 'application/octet-stream',
        body: new Uint8Array(await sealBytes(new TextEncoder().encode('sealed file'), fileKey)),
      },
      {
        encrypted: 'true',
        encrypted_meta: await sealFileMeta({ name: 'plan.pdf', type: 'application/pdf' }, fileKey),
      },
    );
    made.sealedFile = `/file/${sealed.slug}#k=${encodeBase64Url(fileKey)}`;
  });

  screens(made).forEach((screen, index) => {
    const themes = index % 2 === 0 ? (['light', 'dark'] as const) : (['dark', 'light'] as const);

    describe(screen.name, () => {
      let context: BrowserContext | undefined;
      let opened: Promise<{ page: Page; settle: () => Promise<void> }> | undefined;

      /** Opens the screen once, in the first test (expect.poll needs one), for both. */
      async function openScreen() {
        const { path, admin, open } = screens(made).find((s) => s.name === screen.name)!;
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
