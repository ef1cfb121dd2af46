import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pick, posts, renderDialog, stubFsEachTest } from './transfer-test-support';

stubFsEachTest();

describe('TransferDialog: Copy to…', () => {
  it('copies into the chosen folder as a task, then opens the task manager', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOpenTasks = vi.fn();
    const dialog = await renderDialog(['/team/src', '/team/readme.md'], { onClose, onOpenTasks });
    expect(within(dialog).getByText('2 items to copy')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();

    await pick(user, dialog, ['team', 'backup']);
    expect(within(dialog).getByText('/team/backup')).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Skip files that already exist/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        url: '/api/admin/fs/batch-copy',
        body: {
          items: [
            { sourcePath: '/team/src', targetPath: '/team/backup/' },
            { sourcePath: '/team/readme.md', targetPath: '/team/backup/' },
          ],
          skipExisting: true,
        },
      },
    ]);
    expect(onOpenTasks).toHaveBeenCalledOnce();
  });

  it('refuses to copy a folder into its own subfolder, and says why', async () => {
    const user = userEvent.setup();
    const dialog = await renderDialog(['/team/src']);
    await pick(user, dialog, ['team', 'src', 'deep']);

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The folder /team/src cannot be copied into itself or one of its own subfolders (/team/src/deep)',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();

    // Another folder clears the warning.
    await pick(user, dialog, ['team', 'backup']);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled();
    expect(posts).toEqual([]);
  });

  it('offers neither the top level, which only lists mounts, nor the items’ own folder', async () => {
    const user = userEvent.setup();
    const dialog = await renderDialog(['/team/src', '/team/readme.md']);
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder…' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose the target folder' });
    // It opens on the items' own folder, where a copy would land on itself.
    expect(await within(picker).findByText('Already in this folder')).toBeInTheDocument();
    const confirm = within(picker).getByRole('button', { name: 'Copy into this folder' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('Already in this folder');
    await user.click(within(picker).getByRole('button', { name: 'All mounts' }));
    expect(
      await within(picker).findByText(
        'This level only lists mounts: choose a folder inside a mount.',
      ),
    ).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Copy into this folder' })).toBeDisabled();
    expect(within(picker).queryByRole('button', { name: 'New folder' })).toBeNull();
    await user.click(within(picker).getByRole('listitem', { name: 'Open other' }));
    await waitFor(() =>
      expect(within(picker).getByRole('button', { name: 'Copy into this folder' })).toBeEnabled(),
    );
  });

  it('shows the server refusing the copy and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const dialog = await renderDialog(['/team/src'], { onClose });
    await pick(user, dialog, ['team', 'backup']);
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(
        Response.json(
          {
            code: 403,
            message: 'No write permission here',
            data: null,
            success: false,
            error: 'FORBIDDEN',
          },
          { status: 403 },
        ),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have permission for this action',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
