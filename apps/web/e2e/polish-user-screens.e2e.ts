import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, toHex } from '../src/app/theme/contrast';
import { formatFindings, seriousViolations } from './support/axe';
import { docsScreenshot, SCREENSHOT_DIR, screenshot } from './support/browser';
import { gradientPng } from './support/png';
import { typeInEditor, visible } from './support/ui';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS, PHONE, type LanguageThemePair } from './support/looks';

/**
 * Issue 30 "Polish", the explorer, upload and editor screens: every look, for review (the
 * whole page, once modal and toast transitions have settled).
 */
const REVIEW = { settleMs: 400 } as const;

const WORDS = {
  'en-US': {
    newFile: 'New text file',
    create: 'Create',
    save: 'Save',
    newTitle: 'New file: todo.md',
    savedTitle: 'Edit todo.md',
    more: 'More actions',
    desktopTitle: 'Drag files here or click to choose',
    touchTitle: 'Tap to choose files',
  },
  'zh-CN': {
    newFile: '新建文本文件',
    create: '创建',
    save: '保存',
    newTitle: '新文件：todo.md',
    savedTitle: '编辑 todo.md',
    more: '更多操作',
    desktopTitle: '将文件拖到这里，或点击选择',
    touchTitle: '轻触以选择文件',
  },
} as const;

/** One of each kind of icon the explorer draws. */
const FILES: [string, string, Buffer][] = [
  ['notes.txt', 'text/plain', Buffer.from('hello')],
  ['readme.md', 'text/markdown', Buffer.from('# Hi')],
  ['main.ts', 'text/plain', Buffer.from('export {};')],
  ['photo.png', 'image/png', gradientPng(8, 8)],
  ['clip.mp4', 'video/mp4', Buffer.from('not really')],
  ['song.mp3', 'audio/mpeg', Buffer.from('not really')],
  ['paper.pdf', 'application/pdf', Buffer.from('%PDF-1.4')],
  ['blob.bin', 'application/octet-stream', Buffer.from([0, 1, 2])],
];

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, formatFindings(screen, findings)).toEqual([]);
}

/** `rgb(…)` as the browser computes it → hex. */
const hexOfRgb = (rgb: string) => {
  const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map(Number);
  return toHex({ r, g, b });
};

describe('the explorer, upload and editor screens of issue 30, polished', () => {
  const journey = useJourney();
  /** A page at `route` in `look`, on a phone or (no viewport) a desktop. */
  const open = async (look: LanguageThemePair, route: string, viewport?: typeof PHONE) =>
    (await journey.open(route, { ...look, viewport })).page;

  beforeAll(async () => {
    const configs = await journey.call<{ id: string }[]>('GET', '/s3-configs');
    await journey.call('POST', '/admin/mounts', {
      name: 'Team',
      mount_path: '/team',
      storage_config_id: configs[0]?.id,
    });
    await journey.call('POST', '/admin/fs/mkdir', { path: '/team/docs' });
    for (const [name, type, bytes] of FILES) {
      const form = new FormData();
      form.append('path', `/team/${name}`);
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${journey.server.baseUrl}/api/admin/fs/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${journey.token}` },
        body: form,
      });
      expect(res.ok).toBe(true);
    }
  }, 120_000);

  it('draws every explorer icon at 3:1 or more against its row, in both themes', async () => {
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const viewport = index >= 2 ? PHONE : undefined;
      const page = await open(look, '/mount-explorer/team', viewport);
      await visible(page, page.getByText('blob.bin'));
      const icons = await page.locator('main svg[data-icon-kind]').evaluateAll((svgs) =>
        svgs.map((svg) => {
          let surface: Element | null = svg;
          let background = 'rgba(0, 0, 0, 0)';
          while (surface && /rgba\(.*, 0\)|transparent/.test(background)) {
            background = getComputedStyle(surface).backgroundColor;
            surface = surface.parentElement;
          }
          return {
            kind: svg.getAttribute('data-icon-kind') ?? '',
            color: getComputedStyle(svg).color,
            background,
          };
        }),
      );
      const kinds = new Set(icons.map((icon) => icon.kind));
      expect([...kinds].sort()).toEqual(
        ['audio', 'code', 'file', 'folder', 'image', 'markdown', 'pdf', 'text', 'video'].sort(),
      );
      const failing = icons
        .map((icon) => ({
          ...icon,
          ratio: contrastRatio(parseHex(hexOfRgb(icon.color)), parseHex(hexOfRgb(icon.background))),
        }))
        .filter((icon) => icon.ratio < 3);
      expect(failing, `${look.language} ${look.theme}`).toEqual([]);
      await expectNoSeriousViolations(page, `explorer ${look.language} ${look.theme}`);
      await screenshot(
        page,
        `polish-user-explorer-icons-${look.language}-${look.theme}${viewport ? '-phone' : ''}`,
        REVIEW,
      );
      if (index === 1) {
        await docsScreenshot(page, 'explorer-icons-en-US-dark');
      }
      await page.context().close();
    }
  });

  it('titles a new file "New file" until it is saved, then by its name', async () => {
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const words = WORDS[look.language];
      const viewport = index === 3 ? PHONE : undefined;
      // Each look creates the file anew (the first time there is nothing to remove).
      await journey.call('POST', '/admin/fs/batch-remove', {
        paths: ['/team/docs/todo.md'],
      });
      const page = await open(look, '/mount-explorer/team/docs', viewport);
      if (viewport) {
        await (await visible(page, page.getByRole('button', { name: words.more }))).click();
        await page.getByRole('menuitem', { name: words.newFile }).click();
      } else {
        await (await visible(page, page.getByRole('button', { name: words.newFile }))).click();
      }
      const nameDialog = page.getByRole('dialog', { name: words.newFile });
      await (await visible(page, nameDialog.getByRole('textbox'))).fill('todo.md');
      await nameDialog.getByRole('button', { name: words.create }).click();
      const editor = page.getByRole('dialog', { name: 'todo.md' });
      await visible(page, editor.getByText(words.newTitle, { exact: true }));
      await typeInEditor(page, '# Todo');
      await editor.getByRole('button', { name: words.save }).click();
      await visible(page, editor.getByText(words.savedTitle, { exact: true }));
      expect(await editor.getByText(words.newTitle, { exact: true }).count()).toBe(0);
      await screenshot(
        page,
        `polish-user-editor-saved-${look.language}-${look.theme}${viewport ? '-phone' : ''}`,
        REVIEW,
      );
      if (index === 0) {
        await docsScreenshot(page, 'explorer-editor-saved-en-US-light');
      }
      await page.context().close();
    }
  });

  it('says "tap" with no keyboard hint on a phone, and "drag" and Ctrl+V on a desktop', async () => {
    for (const [index, look] of LANGUAGE_THEME_PAIRS.entries()) {
      const words = WORDS[look.language];
      for (const viewport of [PHONE, undefined]) {
        const page = await open(look, '/upload', viewport);
        await visible(page, page.locator('.mantine-Dropzone-root'));
        const text = await page.getByRole('main').innerText();
        if (viewport) {
          expect(text).toContain(words.touchTitle);
          // Nothing to drag from, no keyboard to paste with: the page says neither.
          expect(text).not.toMatch(/Ctrl|⌘|拖|粘贴|[Dd]rag|[Dd]rop|[Pp]aste/);
        } else {
          expect(text).toContain(words.desktopTitle);
          expect(text).toContain('Ctrl+V');
        }
        // The footer: both items, and no separator left standing on its own.
        const footer = page.getByRole('contentinfo');
        expect(await footer.innerText()).not.toContain('·');
        await expectNoSeriousViolations(page, `upload ${look.language} ${look.theme}`);
        await screenshot(
          page,
          `polish-user-upload-${look.language}-${look.theme}${viewport ? '-phone' : ''}`,
          REVIEW,
        );
        if (index === 0 && viewport) {
          await docsScreenshot(page, 'upload-phone-en-US-light');
        }
        await page.context().close();
      }
    }
  });

  it('exports a table to PNG with its bottom border as thick as its top one', async () => {
    const table = '| Name | Size |\n| --- | --- |\n| a.txt | 1 KB |\n| b.txt | 2 KB |';
    for (const look of [LANGUAGE_THEME_PAIRS[0], LANGUAGE_THEME_PAIRS[1]]) {
      const page = await open(look, '/');
      await typeInEditor(page, table);
      await visible(page, page.locator('.pb-markdown table'));
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        (await visible(page, page.getByRole('menuitem', { name: 'Image (.png)' }))).click(),
      ]);
      const png = fs.readFileSync(await download.path());
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.writeFileSync(
        path.join(SCREENSHOT_DIR, `polish-user-export-table-${look.theme}.png`),
        png,
      );
      // Down a column inside the first cell: the runs of pixels unlike the page behind.
      const runs = await page.evaluate(async (base64) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) {
          throw new Error('no canvas');
        }
        context.drawImage(image, 0, 0);
        const page = context.getImageData(1, 1, 1, 1).data;
        // 32 px of page padding, at pixel ratio 2, then 20 px into the first cell.
        const column = context.getImageData(64 + 40, 0, 1, image.height).data;
        const distance = (i: number, to: Uint8ClampedArray | number[], at = 0) =>
          Math.abs(column[i]! - to[at]!) +
          Math.abs(column[i + 1]! - to[at + 1]!) +
          Math.abs(column[i + 2]! - to[at + 2]!);
        // The first pixel unlike the page is the table's top border: its colour is the
        // borders' colour; the runs of that colour are the horizontal borders.
        let first = 0;
        while (first < image.height && distance(first * 4, page) <= 20) {
          first += 1;
        }
        const border = [column[first * 4]!, column[first * 4 + 1]!, column[first * 4 + 2]!];
        const found: { start: number; length: number }[] = [];
        for (let y = first; y < image.height; y += 1) {
          const last = found.at(-1);
          if (distance(y * 4, border) > 12) {
            continue;
          }
          if (last && last.start + last.length === y) {
            last.length += 1;
          } else {
            found.push({ start: y, length: 1 });
          }
        }
        return { runs: found, height: image.height };
      }, png.toString('base64'));
      const top = runs.runs[0];
      const bottom = runs.runs.at(-1);
      expect(top?.start).toBe(64); // the page's padding, at pixel ratio 2
      expect(bottom?.length).toBe(top?.length);
      expect(runs.height - ((bottom?.start ?? 0) + (bottom?.length ?? 0))).toBe(64);
      await page.context().close();
    }
  });
});
