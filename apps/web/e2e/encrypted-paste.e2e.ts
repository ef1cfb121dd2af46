import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { createShare, typeInEditor, visible } from './support/ui';

const SECRET = 'Vault combination: left 31, right 7, left 18';
const PHONE = { width: 390, height: 844 };

/** Every file under `dir` (the database, its WAL, the storage) that holds `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && fs.readFileSync(full).includes(needle)) {
      found.push(path.relative(dir, full));
    }
  }
  return found;
}

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
    expect(await dialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await screenshot(author, 'admin-text-encrypted-view-en-US-light');
    await author.keyboard.press('Escape');

    // The server never had the text: not in the database, its journal, or the storage.
    expect(filesHolding(journey.server.dataDir, SECRET)).toEqual([]);
    expect(filesHolding(journey.server.dataDir, 'Vault combination')).toEqual([]);

    const readerContext = await journey.context({
      language: 'zh-CN',
      theme: 'dark',
      asAdmin: false,
      viewport: PHONE,
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
