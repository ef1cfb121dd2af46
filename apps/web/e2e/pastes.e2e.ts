import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { createShare, loginAsAdmin, typeInEditor, visible } from './support/ui';

const MARKDOWN =
  '# Release notes\n\n- [x] ship it\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconsole.log(1)\n```\n\n$E = mc^2$';

describe('text shares in the browser', () => {
  // Every page here signs in through the UI (or not at all): none is handed the token.
  const journey = useJourney();

  it('admin shares Markdown with a password and 1 view; a stranger opens it once', async () => {
    const adminContext = await journey.context({
      language: 'en-US',
      theme: 'light',
      asAdmin: false,
    });
    const admin = await adminContext.newPage();
    await loginAsAdmin(admin);
    await screenshot(admin, 'admin-dashboard-en-US-light');
    await admin.goto('/');
    await typeInEditor(admin, MARKDOWN);
    await visible(admin, admin.locator('h1', { hasText: 'Release notes' }));
    await screenshot(admin, 'home-editor-en-US-light');
    const link = await createShare(admin, {
      slug: 'release-notes',
      password: 'open-sesame',
      maxViews: 1,
      remark: 'Q4',
    });
    expect(link).toBe(`${journey.server.baseUrl}/paste/release-notes`);
    await screenshot(admin, 'home-share-created-en-US-light');

    const strangerContext = await journey.context({
      language: 'en-US',
      theme: 'dark',
      asAdmin: false,
      // The wrong password first, then the used-up share: both refusals are the point.
      expectProblems: [/HTTP 401 POST \/api\/paste\/release-notes/, /HTTP 410 GET \/api\/paste\//],
    });
    const stranger = await strangerContext.newPage();
    await stranger.goto('/paste/release-notes');
    const password = await visible(stranger, stranger.locator('input[type=password]'));
    await screenshot(stranger, 'paste-password-en-US-dark');
    await password.fill('wrong-one');
    await stranger.getByRole('button', { name: 'Open share' }).click();
    await visible(stranger, stranger.getByText('Wrong password'));
    await password.fill('open-sesame');
    await stranger.getByRole('button', { name: 'Open share' }).click();
    await visible(stranger, stranger.locator('h1', { hasText: 'Release notes' }));
    expect(await stranger.locator('table td').first().textContent()).toBe('1');
    expect(await stranger.locator('.katex').count()).toBeGreaterThan(0);
    await screenshot(stranger, 'paste-view-en-US-dark');
    expect(
      await adminContext.pages()[0]!.evaluate(() => localStorage.getItem('admin_token')),
    ).toBeTruthy();

    await stranger.reload();
    await visible(stranger, stranger.getByText('No views left'));
    await screenshot(stranger, 'paste-used-up-en-US-dark');
    await strangerContext.close();
    await adminContext.close();
  });

  it('an API key created in the panel logs in and creates a share', async () => {
    const adminContext = await journey.context({
      language: 'en-US',
      theme: 'light',
      asAdmin: false,
    });
    const admin = await adminContext.newPage();
    await loginAsAdmin(admin);
    await admin.goto('/admin/key-management');
    await (await visible(admin, admin.getByRole('button', { name: 'Create key' }))).click();
    const dialog = admin.getByRole('dialog');
    await (await visible(admin, dialog.getByLabel('Name'))).fill('Build server');
    await dialog.getByLabel('Text').check();
    await dialog.getByText('Choose the key myself', { exact: true }).click(); // the switch's input is visually hidden
    await (await visible(admin, dialog.getByLabel('Custom key'))).fill('e2e_build_key-1');
    await screenshot(admin, 'admin-create-key-en-US-light');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await visible(admin, admin.getByText('API key created'));
    await admin.getByRole('button', { name: 'Done' }).click();
    await visible(admin, admin.getByRole('cell', { name: 'Build server' }));
    await screenshot(admin, 'admin-keys-en-US-light');
    await adminContext.close();

    const keyContext = await journey.context({
      language: 'zh-CN',
      theme: 'dark',
      asAdmin: false,
    });
    const page = await keyContext.newPage();
    await page.goto('/admin');
    await (await visible(page, page.getByText('API 密钥', { exact: true }))).click();
    await (await visible(page, page.getByPlaceholder('粘贴你的 API 密钥'))).fill('e2e_build_key-1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await visible(page, page.getByText('用户面板'));
    await screenshot(page, 'user-panel-zh-CN-dark');

    await page.goto('/');
    await typeInEditor(page, 'plain words from a key');
    await page.getByRole('button', { name: '创建分享' }).click();
    const link = await (await visible(page, page.getByLabel('分享链接'))).inputValue();
    await screenshot(page, 'home-share-created-zh-CN-dark');
    const slug = link.split('/paste/')[1]!;
    const res = await fetch(`${journey.server.baseUrl}/api/raw/${slug}`);
    expect(await res.text()).toBe('plain words from a key');

    await page.goto('/admin/text-management');
    await visible(page, page.getByRole('link', { name: slug }));
    await screenshot(page, 'user-text-management-zh-CN-dark');
    await keyContext.close();
  });

  it('the admin manages shares in text management', async () => {
    const context = await journey.context({
      language: 'en-US',
      theme: 'dark',
      asAdmin: false,
    });
    const page = await context.newPage();
    await loginAsAdmin(page);
    await page.goto('/');
    await typeInEditor(page, 'to be deleted');
    await createShare(page, { slug: 'doomed' });
    await page.goto('/admin/text-management');
    await visible(page, page.getByRole('link', { name: 'doomed' }));
    await screenshot(page, 'admin-text-management-en-US-dark');
    await page.getByRole('button', { name: 'Delete doomed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'doomed' }).count()).toBe(0);
    expect((await fetch(`${journey.server.baseUrl}/api/paste/doomed`)).status).toBe(404);

    await page.goto('/admin/settings');
    await visible(page, page.getByLabel('Current password'));
    await screenshot(page, 'admin-settings-en-US-dark');
    await context.close();
  });
});
