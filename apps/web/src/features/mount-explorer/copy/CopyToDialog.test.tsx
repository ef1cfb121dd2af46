import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { useTaskManagerOpenRequests } from '@/lib/task-manager';
import { renderWithProviders } from '@/test/render';
import { CopyToDialog } from './CopyToDialog';
import { copyItemsInto, sourceContainingTarget } from './lib/copy-rules';

const folder = (path: string, isMount = false) => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  isDirectory: true,
  size: 0,
  modified: null,
  mimetype: null,
  etag: null,
  isMount,
  mount_id: 'm1',
});

/** The folders the stubbed server holds, as GET fs/list answers them. */
const FOLDERS: Record<string, ReturnType<typeof folder>[]> = {
  '/': [folder('/team', true)],
  '/team': [folder('/team/src'), folder('/team/backup')],
  '/team/src': [folder('/team/src/deep')],
  '/team/src/deep': [],
  '/team/backup': [],
};

let posts: { url: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  authStore.signInAdmin('tok');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (init?.method === 'POST') {
        posts.push({ url: url.pathname, body: JSON.parse(init.body as string) as unknown });
        const data = { taskId: 'task-1', status: 'pending', requiresClientSideCopy: false };
        return Promise.resolve(Response.json({ code: 202, message: 'OK', data, success: true }));
      }
      const path = url.searchParams.get('path') ?? '/';
      const data = {
        path,
        isRoot: path === '/',
        isVirtual: path === '/',
        mount_id: path === '/' ? null : 'm1',
        items: FOLDERS[path] ?? [],
      };
      return Promise.resolve(Response.json({ code: 200, message: 'OK', data, success: true }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

/** Counts the requests to open the task manager, as the header's task manager hears them. */
function TaskManagerProbe({ onOpen }: { onOpen: () => void }) {
  useTaskManagerOpenRequests(onOpen);
  return null;
}

async function renderDialog(sourcePaths: string[], onClose = vi.fn(), onOpenTasks = vi.fn()) {
  await renderWithProviders(
    <>
      <TaskManagerProbe onOpen={onOpenTasks} />
      <CopyToDialog opened sourcePaths={sourcePaths} onClose={onClose} />
    </>,
  );
  return screen.findByRole('dialog', { name: 'Copy to another folder' });
}

/** Opens the chooser from the dialog, walks from the top to `names` and picks that folder. */
async function pick(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  names: string[],
) {
  await user.click(within(dialog).getByRole('button', { name: /Choose folder|Change/ }));
  const picker = await screen.findByRole('dialog', { name: 'Choose the target folder' });
  const top = within(picker).queryByRole('button', { name: 'All mounts' });
  if (top) {
    await user.click(top);
  }
  for (const name of names) {
    await user.click(await within(picker).findByRole('listitem', { name: `Open ${name}` }));
  }
  const shown = names.length === 0 ? 'All mounts' : names[names.length - 1]!;
  await waitFor(() =>
    expect(within(picker).getByText(shown, { selector: '[aria-current]' })).toBeInTheDocument(),
  );
  await user.click(within(picker).getByRole('button', { name: 'Copy into this folder' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Choose the target folder' })).toBeNull(),
  );
}

describe('copy rules', () => {
  it('finds a source the target folder lies in, itself included', () => {
    expect(sourceContainingTarget(['/a/x.txt', '/a/b'], '/a/b/c')).toBe('/a/b');
    expect(sourceContainingTarget(['/a/b'], '/a/b')).toBe('/a/b');
    expect(sourceContainingTarget(['/a/b'], '/a/bc')).toBeNull();
    expect(sourceContainingTarget(['/a/b'], '/a')).toBeNull();
  });

  it('copies every source into the folder', () => {
    expect(copyItemsInto(['/a/x', '/a/y'], '/b')).toEqual([
      { sourcePath: '/a/x', targetPath: '/b/' },
      { sourcePath: '/a/y', targetPath: '/b/' },
    ]);
  });
});

describe('CopyToDialog', () => {
  it('copies into the chosen folder as a task, then opens the task manager', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOpenTasks = vi.fn();
    const dialog = await renderDialog(['/team/src', '/team/readme.md'], onClose, onOpenTasks);
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

  it('will not copy to the top level, which only lists mounts', async () => {
    const user = userEvent.setup();
    const dialog = await renderDialog(['/team/src']);
    await pick(user, dialog, []);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'choose a folder inside a mount',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();
  });

  it('shows the server refusing the copy and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const dialog = await renderDialog(['/team/src'], onClose);
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
