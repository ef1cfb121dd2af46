import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as envelope, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { ExplorerPage } from './ExplorerPage';

/** "Download as ZIP" (issue 33): a signed link, handed to the browser's download manager. */
function entry(path: string, isDirectory: boolean, isMount = false): FsEntry {
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    isDirectory,
    size: isDirectory ? 0 : 10,
    modified: '2026-11-20T10:00:00.000Z',
    mimetype: isDirectory ? null : 'text/plain',
    etag: 'e',
    isMount,
    mount_id: 'm1',
  };
}

const FOLDERS: Record<string, FsEntry[]> = {
  '/': [entry('/team', true, true)],
  '/team': [entry('/team/Photos', true), entry('/team/a.txt', false)],
};

let linkCalls: { family: string; path: string | null }[] = [];
let linkFails = false;
let followed: string[] = [];

function answer(url: URL): Response {
  const path = url.searchParams.get('path');
  if (url.pathname.endsWith('/fs/list')) {
    const items = path === null ? undefined : FOLDERS[path];
    return items
      ? envelope(200, {
          path,
          isRoot: path === '/',
          isVirtual: path === '/',
          mount_id: 'm1',
          items,
        })
      : envelope(404, null, 'PATH_NOT_FOUND');
  }
  if (url.pathname.endsWith('/fs/download-zip-link')) {
    linkCalls.push({ family: url.pathname.split('/')[2] ?? '', path });
    if (linkFails) {
      return envelope(403, null, 'PATH_FORBIDDEN');
    }
    return envelope(200, {
      url: `https://files.example/api/fs-zip?path=${encodeURIComponent(path ?? '')}&exp=1&sig=s`,
      expires_at: '2026-11-20T10:01:00.000Z',
    });
  }
  return envelope(404, null, 'NOT_FOUND');
}

beforeEach(() => {
  linkCalls = [];
  linkFails = false;
  followed = [];
  stubFetch(answer);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    followed.push(this.href);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  authStore.signOut();
});

async function renderAt(route: string) {
  await renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <Routes>
        <Route path="/mount-explorer/*" element={<ExplorerPage />} />
      </Routes>
    </ModalsProvider>,
    { route },
  );
}

describe('Download as ZIP', () => {
  it('downloads the current folder from the toolbar through a signed link', async () => {
    authStore.signInAdmin('tok');
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(screen.getByRole('button', { name: 'Download this folder as ZIP' }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(linkCalls).toEqual([{ family: 'admin', path: '/team' }]);
    expect(followed[0]).toBe('https://files.example/api/fs-zip?path=%2Fteam&exp=1&sig=s');
  });

  // The menu opens with a transition jsdom never finishes: its items count as hidden, and
  // a closed menu may linger. So each case opens one menu on a fresh page.
  const menuItem = (name: string) => screen.queryByRole('menuitem', { name, hidden: true });

  async function openRowMenu(name: string) {
    authStore.signInApiKey(
      'k',
      { id: 'k1', name: 'robot', basic_path: '/' },
      { text: false, file: false, mount: true },
    );
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    const table = await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(within(table).getByRole('button', { name: `Actions for ${name}` }));
    return user;
  }

  it('offers a file row no ZIP download', async () => {
    await openRowMenu('a.txt');
    await waitFor(() => expect(menuItem('Download')).not.toBeNull());
    expect(menuItem('Download as ZIP')).toBeNull();
  });

  it('offers a folder row the ZIP download; a key asks its own family', async () => {
    const user = await openRowMenu('Photos');
    await waitFor(() => expect(menuItem('Download as ZIP')).not.toBeNull());
    expect(menuItem('Download')).toBeNull();
    await user.click(menuItem('Download as ZIP')!);
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(linkCalls).toEqual([{ family: 'user', path: '/team/Photos' }]);
  });

  it('says why when the link is refused', async () => {
    authStore.signInAdmin('tok');
    linkFails = true;
    const user = userEvent.setup();
    await renderAt('/mount-explorer/team');
    await screen.findByRole('table', { name: 'Files and folders' });
    await user.click(screen.getByRole('button', { name: 'Download this folder as ZIP' }));
    expect(await screen.findByText('Could not start the ZIP download')).toBeInTheDocument();
    expect(followed).toEqual([]);
  });

  it('has no ZIP button at the root', async () => {
    authStore.signInAdmin('tok');
    await renderAt('/mount-explorer');
    await screen.findByRole('link', { name: 'team' });
    expect(screen.queryByRole('button', { name: 'Download this folder as ZIP' })).toBeNull();
  });
});
