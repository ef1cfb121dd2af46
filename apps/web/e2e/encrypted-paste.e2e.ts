import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { filesHolding } from './support/data-dir';
import { useJourney } from './support/journey';
import { readStore } from './support/offline-db';
import { createShare, navigateInApp, typeInEditor, visible } from './support/ui';

const SECRET = 'Vault combination: left 31, right 7, left 18';
const PHONE = { width: 390, height: 844 };

describe('an end-to-end encrypted text share (issue 35)', () => {
  const journey = useJourney();

  it('is sealed in the browser, stored as ciphertext, and opens only with the full link and its password', async () => {
    const authorContext = await journey.context({ language: 'en-US', theme: 'light' });
    const author = await authorContext.newPage();
    await author.goto('/');
    await typeInEditor(author, SECRET);
    const form = author.getByRole('form', { name: 'Share options' });
    await form.getByText('End-to-end encrypt', { exact: true }).click();
    await (await visible(author, form.getByLabel(/Encryption password/))).fill('tulip');
    await screenshot(author, 'home-encrypt-en-US-light');
    const link = await createShare(author, { remark: 'vault' });
    expect(link).toMatch(/\/paste\/[\w-]+#k=[A-Za-z0-9_-]{43}$/);
    await screenshot(author, 'home-encrypted-created-en-US-light');

    // The admin's list and view show that it is encrypted, and nothing of the blob.
    const slug = new URL(link).pathname.split('/').pop() ?? '';
    await author.goto('/admin/text-management');
    await visible(author, author.getByText('End-to-end encrypted').first());
    await author
      .getByRole('button', { name: `View ${slug}` })
      .first()
      .click();
    const dialog = author.getByRole('dialog');
    await visible(author, dialog.getByText(/The server holds only the encrypted form/));
    await screenshot(author, 'admin-text-encrypted-view-en-US-light');
    // Its expiry, limits and password can be edited; its content, a sealed blob, cannot.
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const editor = author.getByRole('dialog');
    await visible(author, editor.getByText(/The server holds only the encrypted form/));
    await visible(author, editor.getByLabel('Max views'));
    expect(await editor.getByRole('textbox', { name: 'Content' }).count()).toBe(0);
    await screenshot(author, 'admin-text-encrypted-edit-en-US-light');
    await author.keyboard.press('Escape');

    // The server never had the text: not in the database, its journal, or the storage.
    expect(filesHolding(journey.server.dataDir, SECRET)).toEqual([]);
    expect(filesHolding(journey.server.dataDir, 'Vault combination')).toEqual([]);

    const readerContext = await journey.context({
      language: 'zh-CN',
      theme: 'dark',
      asAdmin: false,
      viewport: PHONE,
      // The reader goes offline on purpose: the browser reports what could not load.
      expectProblems: [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/],
    });
    const reader = await readerContext.newPage();
    await reader.goto(link);
    const password = await visible(reader, reader.getByLabel(/加密密码/));
    await screenshot(reader, 'paste-encrypted-password-zh-CN-dark-phone');
    await password.fill('daisy');
    await reader.getByRole('button', { name: '解密' }).click();
    await visible(reader, reader.getByText(/密钥或密码错误/));
    await password.fill('tulip');
    await reader.getByRole('button', { name: '解密' }).click();
    await visible(reader, reader.getByText(SECRET));
    await screenshot(reader, 'paste-encrypted-open-zh-CN-dark-phone');

    // The offline copy keeps the ciphertext, never the text, and opens with the link again.
    await expect
      .poll(async () => (await readStore(reader, 'pastes')).map((entry) => entry.slug))
      .toContain(slug);
    expect(JSON.stringify(await readStore(reader, 'pastes'))).not.toContain('Vault combination');
    // A fresh page load: the share is then only in IndexedDB, not in memory.
    await reader.goto('/');
    await reader.context().setOffline(true);
    await navigateInApp(reader, new URL(link).pathname + new URL(link).hash);
    await visible(reader, reader.getByTestId('offline-copy-note'));
    const offlinePassword = await visible(reader, reader.getByLabel(/加密密码/));
    await offlinePassword.fill('tulip');
    await reader.getByRole('button', { name: '解密' }).click();
    await visible(reader, reader.getByText(SECRET));
    await screenshot(reader, 'paste-encrypted-offline-zh-CN-dark-phone');
    await reader.context().setOffline(false);

    const withoutKeyContext = await journey.context({
      language: 'en-US',
      theme: 'dark',
      asAdmin: false,
    });
    const withoutKey = await withoutKeyContext.newPage();
    await withoutKey.goto(link.replace(/#.*$/, ''));
    await visible(withoutKey, withoutKey.getByText('The key is missing from the link'));
    expect(await withoutKey.getByText(SECRET).count()).toBe(0);
    await screenshot(withoutKey, 'paste-encrypted-no-key-en-US-dark');

    await withoutKeyContext.close();
    await readerContext.close();
    await authorContext.close();
  });
});
