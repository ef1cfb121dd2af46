import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { useTaskManagerOpenRequests } from '@/lib/task-manager';
import { renderWithProviders } from '@/test/render';
import type { TransferMode } from './lib/copy-rules';
import { TransferDialog } from './TransferDialog';

/* The stubbed fs API and helpers of the Copy to… / Move to… dialog tests. */

/** A folder as GET fs/list answers it; under /other it lies in a second mount. */
export const folder = (path: string, isMount = false) => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  isDirectory: true,
  size: 0,
  modified: null,
  mimetype: null,
  etag: null,
  isMount,
  mount_id: path.startsWith('/other') ? 'm2' : 'm1',
});

/** An entry of the explorer's listing for a path (a file when it has a dot). */
const entryOf = (path: string) => ({ ...folder(path), isDirectory: !path.includes('.') });

/** The folders the stubbed server holds. */
const FOLDERS: Record<string, ReturnType<typeof folder>[]> = {
  '/': [folder('/team', true), folder('/other', true)],
  '/team': [folder('/team/src'), folder('/team/backup')],
  '/team/src': [folder('/team/src/deep')],
  '/team/src/deep': [],
  '/team/backup': [folder('/team/backup/taken.md')],
  '/other': [],
};

/** Every write the dialog made: its URL and body. */
export let posts: { url: string; body: unknown }[] = [];

/** Stubs fetch with the folders above for each test, signed in as the admin. */
export function stubFsEachTest() {
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
          mount_id: path === '/' ? null : path.startsWith('/other') ? 'm2' : 'm1',
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
}

/** Counts the requests to open the task manager, as the header's task manager hears them. */
function TaskManagerProbe({ onOpen }: { onOpen: () => void }) {
  useTaskManagerOpenRequests(onOpen);
  return null;
}

const TITLES = {
  copy: { dialog: 'Copy to another folder', picker: 'Choose the target folder' },
  move: { dialog: 'Move to another folder', picker: 'Choose where to move' },
};

export async function renderDialog(
  sourcePaths: string[],
  options: {
    mode?: TransferMode;
    rootPath?: string;
    onClose?: () => void;
    onOpenTasks?: () => void;
  } = {},
) {
  const mode = options.mode ?? 'copy';
  await renderWithProviders(
    <>
      <TaskManagerProbe onOpen={options.onOpenTasks ?? vi.fn()} />
      <TransferDialog
        opened
        mode={mode}
        entries={sourcePaths.map(entryOf)}
        rootPath={options.rootPath ?? '/'}
        onClose={options.onClose ?? vi.fn()}
      />
    </>,
  );
  return screen.findByRole('dialog', { name: TITLES[mode].dialog });
}

/** Opens the chooser and walks from its top through `names`; answers the picker. */
export async function openPicker(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  names: string[],
  mode: TransferMode = 'copy',
) {
  await user.click(within(dialog).getByRole('button', { name: /Choose folder|Change/ }));
  const picker = await screen.findByRole('dialog', { name: TITLES[mode].picker });
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
  return picker;
}

/** Walks to `names` and picks that folder. */
export async function pick(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  names: string[],
  mode: TransferMode = 'copy',
) {
  const picker = await openPicker(user, dialog, names, mode);
  const confirm = mode === 'copy' ? 'Copy into this folder' : 'Move into this folder';
  await user.click(within(picker).getByRole('button', { name: confirm }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: TITLES[mode].picker })).toBeNull(),
  );
}
