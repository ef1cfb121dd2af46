import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { gradientPng } from './support/png';
import { visible } from './support/ui';
import { useJourney } from './support/journey';

const PHONE = { width: 390, height: 844 };

/** The words each language uses for the kinds this folder holds (issue 30). */
const WORDS = {
  'en-US': {
    table: 'Files and folders',
    folder: 'Folder',
    png: 'PNG image',
    pdf: 'PDF document',
    text: 'Plain text',
    json: 'JSON file',
  },
  'zh-CN': {
    table: '文件和文件夹',
    folder: '文件夹',
    png: 'PNG 图片',
    pdf: 'PDF 文档',
    text: '纯文本',
    json: 'JSON 文件',
  },
} as const;

/** Today's date as the app writes it ("Nov 27, 2026" / "2026年11月27日"). */
const today = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date());

/** Review pictures of the columns: both languages and themes, desktop and phone. */
const REVIEW = { settleMs: 300 } as const;

/**
 * The explorer's Type column says what a file is in words, never a MIME type, and folders
 * carry the date their storage keeps (a local directory's mtime) instead of "—".
 */
describe('the explorer’s Type and Modified columns', () => {
  const journey = useJourney();
  const api = <T>(method: string, route: string, body?: unknown): Promise<T> =>
    journey.call<T>(method, route, body);

  async function upload(filePath: string, bytes: Buffer, type: string): Promise<void> {
    const form = new FormData();
    form.append('path', filePath);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filePath.split('/').pop());
    const res = await fetch(`${journey.server.baseUrl}/api/admin/fs/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${journey.token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }

  beforeAll(async () => {
    const configs = await api<{ id: string; is_default: boolean }[]>('GET', '/s3-configs');
    await api('POST', '/admin/mounts', {
      name: 'Kinds',
      mount_path: '/kinds',
      storage_config_id: configs.find((config) => config.is_default)?.id,
      cache_ttl: 0,
    });
    await api('POST', '/admin/fs/mkdir', { path: '/kinds/reports' });
    await api('POST', '/admin/fs/update', { path: '/kinds/notes.txt', content: 'notes\n' });
    await api('POST', '/admin/fs/update', { path: '/kinds/config.json', content: '{}\n' });
    await upload('/kinds/photo.png', gradientPng(64, 48), 'image/png');
    await upload('/kinds/manual.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  }, 120_000);

  it('names kinds in words and dates folders, in both languages and themes', async () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const words = WORDS[language];
        const { context, page } = await journey.open('/mount-explorer/kinds', {
          language,
          theme,
        });
        const table = page.getByRole('table', { name: words.table });
        const row = (name: string) => table.getByRole('row').filter({ hasText: name });
        await visible(page, table.getByRole('link', { name: 'photo.png' }));
        for (const [name, kind] of [
          ['reports', words.folder],
          ['photo.png', words.png],
          ['manual.pdf', words.pdf],
          ['notes.txt', words.text],
          ['config.json', words.json],
        ] as const) {
          await visible(page, row(name).getByText(kind, { exact: true }));
        }
        expect(await table.getByText(/^(image|application|text)\//).count()).toBe(0);
        // The folder's cell holds its directory's date, not the dash of "no date".
        await visible(page, row('reports').getByText(today(language)));
        await screenshot(page, `explorer-columns-${language}-${theme}`, REVIEW);

        await page.setViewportSize(PHONE);
        const list = page.getByRole('list', { name: words.table });
        await visible(page, list.getByRole('listitem').filter({ hasText: 'reports' }));
        await visible(
          page,
          list.getByRole('listitem').filter({ hasText: 'reports' }).getByText(today(language)),
        );
        await screenshot(page, `explorer-columns-${language}-${theme}-phone`, REVIEW);
        await context.close();
      }
    }
  });
});
