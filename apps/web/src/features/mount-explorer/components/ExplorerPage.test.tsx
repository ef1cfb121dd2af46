import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as envelope, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { ExplorerPage } from './ExplorerPage';

function entry(path: string, options: Partial<FsEntry> = {}): FsEntry {
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    isDirectory: false,
    size: 1234,
    modified: '2026-11-20T10:00:00.000Z',
    mimetype: 'text/plain',
    etag: 'e',
    isMount: false,
    mount_id: 'm1',
    ...options,
  };
}
const dir = (path: string) => entry(path, { isDirectory: true, size: 0, mimetype: null });

/** The folders the stubbed server holds, as GET fs/list answers them. */
const FOLDERS: Record<string, FsEntry[]> = {
  '/': [entry('/team', { isDirectory: true, isMount: true, size: 0, mimetype: null })],
  '/team': [
    entry('/team/notes.md', { mimetype: 'text/markdown' }),
    dir('/team/zeta'),
    entry('/team/b.txt'),
    dir('/team/Alpha'),
  ],
  '/team/docs': [entry('/team/docs/plan.txt')],
  '/big': Array.from({ length: 320 }, (_, index) =>
    entry(`/big/file-${String(index).padStart(3, '0')}.txt`),
  ),
};

let calls: { method: string; path: string; query: string | null; body?: unknown }[] = [];
let batchAnswer: { success: number; failed: { path: string; error: string; message: string }[] };

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const path = url.searchParams.get('path');
  calls.push({ method, path: url.pathname, query: path, body });
  if (url.pathname.endsWith('/fs/list')) {
    if (path === '/team/a.txt') {
      return envelope(400, null, 'NOT_A_FOLDER');
    }
    const items = path === null ? undefined : FOLDERS[path];
    if (!items) {
      return envelope(404, null, 'PATH_NOT_FOUND');
    }
    return envelope(200, {
      path,
      isRoot: path === '/',
      isVirtual: path === '/',
      mount_id: 'm1',
      items,
    });
  }
  if (url.pathname.endsWith('/fs/batch-remove')) {
    return envelope(200, batchAnswer);
  }
  return envelope(404, null, 'NOT_FOUND');
}

beforeEach(() => {
  calls = [];
  batchAnswer = { success: 2, failed: [] };
  stubFetch(answer);
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

async function renderAt(route: string) {
  await renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <Routes>
        <Route path="/mount-explorer/*" element={<ExplorerPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </ModalsProvider>,
    { route },
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

describe('who may use the explorer (SPEC §6)', () => {
  it('asks a visitor to sign in, with a way to the login', async () => {
    await renderAt('/mount-explorer/team');
    expect(screen.getByText('Sign in to browse the mounts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin');
    expect(calls).toEqual([]);
  });

  it('tells a key without mount permission why not', async () => {
    authStore.signInApiKey(
      'k',
      { id: 'k1', name: 'robot', basic_path: '/' },
      {
        text: true,
        file: true,
        mount: false,
      },
    );
    await renderAt('/mount-explorer');
    expect(screen.getByText('This API key cannot browse mounts')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends a key from outside its base path to the base path, and lists only that', async () => {
    authStore.signInApiKey(
      'k',
      { id: 'k1', name: 'robot', basic_path: '/team/docs' },
      {
        text: false,
        file: false,
        mount: true,
      },
    );
    await renderAt('/mount-explorer/team');
    await waitFor(() => expect(location()).toBe('/mount-explorer/team/docs'));
    await screen.findByRole('link', { name: 'plan.txt' });
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('/team/docs')).toHaveAttribute('aria-current', 'page');
    expect(within(crumbs).queryByText('All mounts')).toBeNull();
    const lists = calls.filter((call) => call.path.endsWith('/fs/list'));
    expect(lists.map((call) => [call.path, call.query])).toEqual([
      ['/api/user/fs/list', '/team/docs'],
    ]);
  });
});

describe('a folder as the admin', () => {
  beforeEach(() => authStore.signInAdmin('tok'));

  it('lists folders first, links each entry, and filters by name', async () => {
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    const table = await screen.findByRole('table', { name: 'Files and folders' });
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Alpha', 'zeta', 'b.txt', 'notes.md']);
    expect(within(table).getByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      '/mount-explorer/team/Alpha',
    );
    expect(within(table).getByRole('link', { name: 'notes.md' })).toHaveAttribute(
      'href',
      '/mount-explorer/team?preview=notes.md',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('link', { name: 'All mounts' })).toHaveAttribute(
      'href',
      '/mount-explorer',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search in this folder' }), 'NOTE');
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['notes.md']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search in this folder' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search in this folder' }), 'nothing');
    expect(
      await screen.findByText('Nothing in this folder matches “nothing”.'),
    ).toBeInTheDocument();
  });

  it('remembers the grid view in local storage', async () => {
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(await screen.findByRole('list', { name: 'Files and folders' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(window.localStorage.getItem('explorer_view')).toBe('grid');
  });

  it('deletes a selection after a confirmation naming it, and reports the counts', async () => {
    const user = userEvent.setup();
    batchAnswer = {
      success: 1,
      failed: [{ path: '/team/zeta', error: 'FOLDER_NOT_EMPTY', message: 'not empty' }],
    };
    await renderAt('/mount-explorer/team');
    await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(screen.getByRole('checkbox', { name: 'Select zeta' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b.txt' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selection' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 items?' });
    expect(within(dialog).getByText('zeta/')).toBeInTheDocument();
    expect(within(dialog).getByText('b.txt')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('batch-remove'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await screen.findByText('Deleted 1, 1 could not be deleted');
    const removal = calls.find((call) => call.path === '/api/admin/fs/batch-remove');
    expect(removal?.body).toEqual({ paths: ['/team/zeta', '/team/b.txt'] });
  });

  it('selects a range with Shift, and all at once', async () => {
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select b.txt' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select notes.md' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('4 selected')).toBeInTheDocument();
  });

  it('shows a missing folder as not found, with ways out', async () => {
    await renderAt('/mount-explorer/team/gone');
    expect(await screen.findByText('Folder not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Up one folder' })).toHaveAttribute(
      'href',
      '/mount-explorer/team',
    );
  });

  it('opens an address naming a file as its preview in the folder', async () => {
    await renderAt('/mount-explorer/team/a.txt');
    await waitFor(() => expect(location()).toBe('/mount-explorer/team?preview=a.txt'));
  });

  it('steps through the folder’s files with the arrow keys while previewing', async () => {
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team?preview=b.txt');
    await screen.findByRole('dialog', { name: /b\.txt/ });
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toBe('/mount-explorer/team?preview=notes.md'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(location()).toBe('/mount-explorer/team?preview=b.txt'));
  });

  it('draws a huge folder 300 entries at a time, and searches all of it', async () => {
    const user = userEvent.setup();
    await renderAt('/mount-explorer/big');
    const table = await screen.findByRole('table', { name: 'Files and folders' });
    expect(within(table).getAllByRole('link')).toHaveLength(300);
    await user.click(screen.getByRole('button', { name: 'Show 20 more (of 20 not shown)' }));
    expect(within(table).getAllByRole('link')).toHaveLength(320);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    await user.click(screen.getByRole('searchbox', { name: 'Search in this folder' }));
    await user.paste('319');
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['file-319.txt']);
    expect(screen.getByText('1 of 320 shown')).toBeInTheDocument();
  }, 60_000);

  it('refuses a new folder name that is taken before asking the server', async () => {
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'zeta');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Something named zeta is already here'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/fs/mkdir'))).toBe(false);
  });
});
