import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openPicker, pick, posts, renderDialog, stubFsEachTest } from './transfer-test-support';

stubFsEachTest();

describe('TransferDialog: Move to…', () => {
  it('refuses the items’ own folder and a folder into itself, each with its reason', async () => {
    const user = userEvent.setup();
    const dialog = await renderDialog(['/team/src'], { mode: 'move' });
    const picker = await openPicker(user, dialog, ['team'], 'move');
    const confirm = () => within(picker).getByRole('button', { name: 'Move into this folder' });
    expect(await within(picker).findByText('Already in this folder')).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
    await user.click(within(picker).getByRole('listitem', { name: 'Open src' }));
    expect(
      await within(picker).findByText('A folder cannot be moved into itself'),
    ).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
    await user.click(await within(picker).findByRole('listitem', { name: 'Open deep' }));
    await waitFor(() => expect(confirm()).toHaveAccessibleDescription(/moved into itself/));
    await user.click(within(picker).getByRole('button', { name: 'team' }));
    await user.click(await within(picker).findByRole('listitem', { name: 'Open backup' }));
    await waitFor(() => expect(confirm()).toBeEnabled());
    expect(within(picker).queryByText(/Already in this folder|moved into itself/)).toBeNull();
  }, 15_000);

  it('moves within the mount at once, by renames, without a task', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOpenTasks = vi.fn();
    const dialog = await renderDialog(['/team/src', '/team/notes.md'], {
      mode: 'move',
      onClose,
      onOpenTasks,
    });
    expect(within(dialog).getByText('2 items to move')).toBeInTheDocument();
    await pick(user, dialog, ['team', 'backup'], 'move');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        url: '/api/admin/fs/rename',
        body: { oldPath: '/team/src', newPath: '/team/backup/src' },
      },
      {
        url: '/api/admin/fs/rename',
        body: { oldPath: '/team/notes.md', newPath: '/team/backup/notes.md' },
      },
    ]);
    expect(onOpenTasks).not.toHaveBeenCalled();
  }, 15_000);

  it('moves as a task across mounts', async () => {
    const user = userEvent.setup();
    const onOpenTasks = vi.fn();
    const dialog = await renderDialog(['/team/src'], { mode: 'move', onOpenTasks });
    await pick(user, dialog, ['other'], 'move');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(onOpenTasks).toHaveBeenCalledOnce());
    expect(posts).toEqual([
      {
        url: '/api/admin/fs/batch-move',
        body: { items: [{ sourcePath: '/team/src', targetPath: '/other/' }], skipExisting: false },
      },
    ]);
  });

  it('moves as a task onto a name already taken, which the task merges or replaces', async () => {
    const user = userEvent.setup();
    const again = await renderDialog(['/team/taken.md'], { mode: 'move' });
    await pick(user, again, ['team', 'backup'], 'move');
    await user.click(within(again).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(posts.map((post) => post.url)).toEqual(['/api/admin/fs/batch-move']),
    );
  });

  it('never offers a key user anything above its base path', async () => {
    const user = userEvent.setup();
    const dialog = await renderDialog(['/team/src/deep'], { mode: 'move', rootPath: '/team/src' });
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder…' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose where to move' });
    expect(
      await within(picker).findByText('/team/src', { selector: '[aria-current]' }),
    ).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: 'All mounts' })).toBeNull();
    expect(within(picker).getByRole('button', { name: 'Up one folder' })).toBeDisabled();
    expect(within(picker).getByText('Already in this folder')).toBeInTheDocument();
  });
});
