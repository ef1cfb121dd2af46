import { beforeAll, describe, expect, it } from 'vitest';
import { mountFiles, openExplorer, seedExplorer } from './support/explorer-seed';
import { useJourney } from './support/journey';
import { typeInEditor, visible } from './support/ui';

/**
 * The mount explorer, part one: browsing by links and breadcrumbs, writing and editing text
 * files, and who sees which mounts. Part two (previews, changes, screenshots) is
 * explorer-manage.e2e.ts; both start from support/explorer-seed.ts.
 */
describe('the mount explorer: browsing and writing', () => {
  const journey = useJourney();
  const { upload, names, fileText } = mountFiles(journey);
  beforeAll(() => seedExplorer(journey), 120_000);

  it('browses by links and breadcrumbs, creates a folder, writes and edits a text file', async () => {
    const { context, page, table } = await openExplorer(journey, '/mount-explorer');
    await visible(page, table.getByRole('link', { name: 'photos' }));
    // The mounts in the administrator's sort order; Enter on a focused link opens it.
    expect(await table.getByRole('link').allTextContents()).toEqual(['team', 'photos']);
    await table.getByRole('link', { name: 'team' }).focus();
    await page.keyboard.press('Enter');
    await visible(page, table.getByRole('link', { name: 'readme.md' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer/team');
    // Folders first, then files, by name.
    expect(await table.getByRole('link').allTextContents()).toEqual([
      'archive',
      'docs',
      'notes.txt',
      'photo.png',
      'readme.md',
    ]);
    await table.getByRole('link', { name: 'docs' }).click();
    await visible(page, table.getByRole('link', { name: 'plan.txt' }));
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    await crumbs.getByRole('link', { name: 'team' }).click();
    await visible(page, table.getByRole('link', { name: 'readme.md' }));
    await crumbs.getByRole('link', { name: 'All mounts' }).click();
    await visible(page, table.getByRole('link', { name: 'photos' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer');
    await page.goBack();
    await visible(page, table.getByRole('link', { name: 'readme.md' }));

    // A new folder, through its dialog.
    await page.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await (await visible(page, folderDialog.getByRole('textbox', { name: 'Name' }))).fill('docs');
    await folderDialog.getByRole('button', { name: 'Create' }).click();
    await visible(page, folderDialog.getByText('Something named docs is already here'));
    await folderDialog.getByRole('textbox', { name: 'Name' }).fill('reports');
    await folderDialog.getByRole('button', { name: 'Create' }).click();
    await visible(page, table.getByRole('link', { name: 'reports' }));
    expect(await names('/team')).toContain('reports');

    // A new text file, written in the editor and saved.
    await page.getByRole('button', { name: 'New text file' }).click();
    const fileDialog = page.getByRole('dialog', { name: 'New text file' });
    await (await visible(page, fileDialog.getByRole('textbox', { name: 'Name' }))).fill('todo.md');
    await fileDialog.getByRole('button', { name: 'Create' }).click();
    const editor = page.getByRole('dialog', { name: 'todo.md' });
    await visible(page, editor.getByText('New file: todo.md'));
    await typeInEditor(page, '# Todo\n\n- write the explorer');
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved todo.md'));
    expect(await fileText('/team/todo.md')).toBe('# Todo\n\n- write the explorer');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await visible(page, table.getByRole('link', { name: 'todo.md' }));

    // Editing an existing file; closing with unsaved changes asks first.
    await table.getByRole('button', { name: 'Actions for notes.txt' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const notesEditor = page.getByRole('dialog', { name: 'notes.txt' });
    await visible(page, notesEditor.getByText('Edit notes.txt'));
    // CodeMirror came with the first file's editing: this editor starts with it.
    await visible(page, notesEditor.locator('.cm-content').getByText('first notes'));
    await typeInEditor(page, 'second notes');
    await notesEditor.getByRole('button', { name: 'Close' }).last().click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await (await visible(page, discard.getByRole('button', { name: 'Keep editing' }))).click();
    await notesEditor.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved notes.txt'));
    expect(await fileText('/team/notes.txt')).toBe('second notes');
    await notesEditor.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => notesEditor.count()).toBe(0);

    await context.close();
  });

  it('opens a large text file straight in CodeMirror, and saves an edit to it', async () => {
    // 4,000 lines, about 200 KB: over the plain editor's limit (PLAIN_EDITOR_MAX_CHARS).
    const lines = Array.from({ length: 4_000 }, (_, n) => `${n + 1}: a line of a long log file`);
    await upload('/team/big.log', Buffer.from(lines.join('\n')), 'text/plain');
    // A fresh page: CodeMirror's chunk is not loaded yet, so the editor has to fetch it.
    const { context, page, table } = await openExplorer(journey, '/mount-explorer/team');
    await (await visible(page, table.getByRole('button', { name: 'Actions for big.log' }))).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const bigEditor = page.getByRole('dialog', { name: 'big.log' });
    const content = await visible(page, bigEditor.locator('.cm-content'));
    await visible(page, content.getByText('1: a line of a long log file'));
    // No textarea was painted for it.
    expect(await bigEditor.locator('.pb-editor').count()).toBe(0);
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\nthe end');
    await bigEditor.getByRole('button', { name: 'Save' }).click();
    await visible(page, page.getByText('Saved big.log'));
    expect(await fileText('/team/big.log')).toBe(`${lines.join('\n')}\nthe end`);
    await bigEditor.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => bigEditor.count()).toBe(0);
    await context.close();
    // /team as the seed left it, for whatever journey comes next.
    await journey.call('POST', '/admin/fs/batch-remove', { paths: ['/team/big.log'] });
  });

  it('keeps a key user at its base path, and a visitor at the sign-in notice', async () => {
    const key = await journey.call<{ key: string }>('POST', '/admin/api-keys', {
      name: 'Docs robot',
      mount_permission: true,
      basic_path: '/team/docs',
    });
    const { context, page, table } = await openExplorer(journey, '/mount-explorer', {
      apiKey: key.key,
      asAdmin: false,
    });
    await visible(page, table.getByRole('link', { name: 'plan.txt' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer/team/docs');
    expect(await table.getByRole('link').allTextContents()).toEqual(['budget.csv', 'plan.txt']);
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    expect(await crumbs.getByText('/team/docs').getAttribute('aria-current')).toBe('page');
    expect(await crumbs.getByText('All mounts').count()).toBe(0);

    await page.goto('/mount-explorer/photos');
    await visible(page, table.getByRole('link', { name: 'plan.txt' }));
    expect(new URL(page.url()).pathname).toBe('/mount-explorer/team/docs');
    await context.close();

    const visitor = await journey.open('/mount-explorer/team', {
      language: 'en-US',
      theme: 'light',
      asAdmin: false,
    });
    await visible(visitor.page, visitor.page.getByText('Sign in to browse the mounts'));
    expect(await visitor.page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/admin',
    );
    await visitor.context.close();
  });
});
