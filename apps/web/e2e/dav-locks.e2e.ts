import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe';
import { docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { PHONE } from './support/looks';
import { E2E_ADMIN } from './support/server';
import { settler } from './support/settle';
import { visible } from './support/ui';

/** A LOCK body as WebDAV clients send it (RFC 4918 §9.10), with an href as the owner. */
function lockBody(owner: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:">' +
    '<D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype>' +
    `<D:owner><D:href>${owner}</D:href></D:owner></D:lockinfo>`
  );
}

interface DavLock {
  token: string;
  root: string;
  scope: string;
  depth: string;
  owner: { kind: string };
}

describe('WebDAV locks on the mount management page', () => {
  const journey = useJourney();
  const api = <T>(method: string, route: string, body?: unknown) =>
    journey.call<T>(method, route, body);
  const locks = () => api<DavLock[]>('GET', '/admin/dav/locks');

  /** Takes a lock over WebDAV as the admin (HTTP Basic), as Finder or Explorer would. */
  async function lockOverDav(path: string, depth: '0' | 'infinity'): Promise<string> {
    const basic = Buffer.from(`${E2E_ADMIN.username}:${E2E_ADMIN.password}`).toString('base64');
    const res = await fetch(`${journey.server.baseUrl}/dav${path}`, {
      method: 'LOCK',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/xml',
        Depth: depth,
        Timeout: 'Second-3600',
      },
      body: lockBody('mailto:ann@example.com'),
    });
    expect(res.status).toBe(200);
    const header = res.headers.get('lock-token') ?? '';
    expect(header).toMatch(/^<opaquelocktoken:.+>$/);
    return header.slice(1, -1);
  }

  interface Look {
    language: 'en-US' | 'zh-CN';
    theme: 'light' | 'dark';
    phone: boolean;
  }

  /** The mount management page as the admin sees it in `look`, and its settler. */
  async function openMountsPage(look: Look) {
    const context = await journey.context({
      language: look.language,
      theme: look.theme,
      ...(look.phone ? { viewport: PHONE } : {}),
    });
    const page = await context.newPage();
    const settle = settler(page);
    await page.goto('/admin/mount-management');
    return { context, page, settle };
  }

  /** No serious or critical axe finding once the page has settled (a dialog fades in). */
  async function expectAccessible(
    page: Page,
    settle: () => Promise<void>,
    screen: string,
  ): Promise<void> {
    await settle();
    expect(formatFindings(screen, await seriousViolations(page))).toBe('');
  }

  beforeAll(async () => {
    const configs = await api<{ id: string; is_default: boolean }[]>('GET', '/s3-configs');
    const disk = configs.find((config) => config.is_default) ?? configs[0];
    await api('POST', '/admin/mounts', {
      name: 'Team',
      mount_path: '/team',
      storage_config_id: disk?.id,
    });
    await api('POST', '/admin/fs/update', { path: '/team/docs/plan.txt', content: 'the plan\n' });
  }, 120_000);

  it('lists a lock taken over WebDAV and releases it, by keyboard, after confirming', async () => {
    const taken = await lockOverDav('/team/docs', 'infinity');
    const { context, page, settle } = await openMountsPage({
      language: 'en-US',
      theme: 'light',
      phone: false,
    });
    const section = page.getByRole('region', { name: 'WebDAV locks' });
    const row = section.getByRole('row').filter({ hasText: '/team/docs' });
    await visible(page, row);
    await visible(page, row.getByText('Exclusive'));
    await visible(page, row.getByText('With everything below'));
    await visible(page, row.getByText('Administrator'));
    await visible(page, row.getByText('Client: mailto:ann@example.com'));
    await visible(page, row.getByText(/^in (1 hour|59 minutes)$/));
    await expectAccessible(page, settle, 'locks list (light)');

    // Escape leaves the lock alone and gives the focus back to the button.
    const release = row.getByRole('button', { name: 'Release the lock on /team/docs' });
    await release.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Release this lock?' });
    await visible(
      page,
      dialog.getByText('The lock held by the administrator ends now', { exact: false }),
    );
    await expectAccessible(page, settle, 'release dialog (light)');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => release.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await locks()).map((lock) => lock.token)).toEqual([taken]);

    // Enter opens it again; Tab reaches its Release button, Enter confirms.
    await page.keyboard.press('Enter');
    const confirm = dialog.getByRole('button', { name: 'Release', exact: true });
    await visible(page, confirm);
    for (let step = 0; step < 5; step += 1) {
      if (await confirm.evaluate((el) => el === document.activeElement)) {
        break;
      }
      await page.keyboard.press('Tab');
    }
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await visible(page, page.getByText('Released the lock on /team/docs'));
    await visible(page, section.getByText('No WebDAV locks are held'));
    await expectAccessible(page, settle, 'locks empty (light)');
    expect(await locks()).toEqual([]);
    await context.close();
  });

  it('takes the screenshots in both languages and themes, wide and at phone width', async () => {
    await lockOverDav('/team/docs/plan.txt', '0');
    const looks: Look[] = [
      { language: 'en-US', theme: 'light', phone: false },
      { language: 'zh-CN', theme: 'dark', phone: false },
      { language: 'en-US', theme: 'light', phone: true },
      { language: 'en-US', theme: 'dark', phone: true },
      { language: 'zh-CN', theme: 'light', phone: true },
      { language: 'zh-CN', theme: 'dark', phone: true },
    ];
    for (const look of looks) {
      const { context, page, settle } = await openMountsPage(look);
      const suffix = `${look.language}-${look.theme}${look.phone ? '-phone' : ''}`;
      const zh = look.language === 'zh-CN';
      const section = page.getByRole('region', { name: zh ? 'WebDAV 锁' : 'WebDAV locks' });
      await visible(page, section.getByText('/team/docs/plan.txt'));
      await section.scrollIntoViewIfNeeded();
      await expectAccessible(page, settle, `locks ${suffix}`);
      await docsScreenshot(page, `dav-locks-${suffix}`);

      const name = zh
        ? '释放 /team/docs/plan.txt 上的锁'
        : 'Release the lock on /team/docs/plan.txt';
      await section.getByRole('button', { name }).click();
      await visible(
        page,
        page.getByRole('dialog', { name: zh ? '释放这个锁？' : 'Release this lock?' }),
      );
      await expectAccessible(page, settle, `release dialog ${suffix}`);
      await docsScreenshot(page, `dav-locks-release-${suffix}`);
      await context.close();
    }
    expect((await locks()).map((lock) => lock.root)).toEqual(['/team/docs/plan.txt']);

    // The empty state once the path's locks are released, in both languages at phone width.
    await api('DELETE', '/admin/dav/locks?path=%2Fteam');
    for (const language of ['en-US', 'zh-CN'] as const) {
      const look: Look = { language, theme: language === 'zh-CN' ? 'dark' : 'light', phone: true };
      const { context, page, settle } = await openMountsPage(look);
      const empty = language === 'zh-CN' ? '当前没有任何 WebDAV 锁' : 'No WebDAV locks are held';
      await visible(page, page.getByText(empty));
      await expectAccessible(page, settle, `locks empty ${language}`);
      await docsScreenshot(page, `dav-locks-empty-${language}-${look.theme}-phone`);
      await context.close();
    }
  });
});
