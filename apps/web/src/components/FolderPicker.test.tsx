import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { FolderPicker } from './FolderPicker';

const entry = (path: string, isDirectory: boolean, isMount = false) => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  isDirectory,
  size: 0,
  modified: null,
  mimetype: null,
  etag: null,
  isMount,
  mount_id: isMount ? 'm1' : null,
});

/** The folders the stubbed server holds, as GET fs/list answers them. */
const FOLDERS: Record<string, ReturnType<typeof entry>[]> = {
  '/': [entry('/team', true, true)],
  '/team': [entry('/team/docs', true), entry('/team/readme.txt', false)],
  '/team/docs': [],
};

/** Every call the picker made: method and URL (and body for writes). */
let calls: { method: string; url: string; body?: unknown }[] = [];

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url: url.pathname + url.search, body });
  if (url.pathname.endsWith('/fs/mkdir')) {
    const path = (body as { path: string }).path;
    FOLDERS[path] = [];
    return Response.json({ code: 201, message: 'Created', data: { path }, success: true });
  }
  const path = url.searchParams.get('path') ?? '/';
  const items = FOLDERS[path];
  if (!items) {
    return Response.json(
      { code: 404, message: 'nope', data: null, success: false, error: 'PATH_NOT_FOUND' },
      { status: 404 },
    );
  }
  return Response.json({
    code: 200,
    message: 'OK',
    data: { path, isRoot: path === '/', isVirtual: path === '/', mount_id: null, items },
    success: true,
  });
}

beforeEach(() => {
  calls = [];
  authStore.signInAdmin('tok');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) =>
      Promise.resolve(answer(new URL(input, 'http://localhost'), init)),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

function renderPicker(onPick = vi.fn(), initialPath?: string) {
  return renderWithProviders(
    <FolderPicker
      opened
      onClose={() => undefined}
      onPick={onPick}
      title="Copy to"
      confirmLabel="Copy here"
      {...(initialPath ? { initialPath } : {})}
    />,
  );
}

describe('FolderPicker', () => {
  it('browses folders only, through the admin family, and picks the one shown', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    await renderPicker(onPick);
    await user.click(await screen.findByRole('listitem', { name: 'Open team' }));
    expect(await screen.findByRole('listitem', { name: 'Open docs' })).toBeInTheDocument();
    expect(screen.queryByText('readme.txt')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/fs/list?path=%2Fteam');
    await user.click(screen.getByRole('button', { name: 'Copy here' }));
    expect(onPick).toHaveBeenCalledWith('/team');
  });

  it('goes back through the breadcrumbs and the up button', async () => {
    const user = userEvent.setup();
    await renderPicker(vi.fn(), '/team/docs/');
    expect(await screen.findByText('No folders here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'team' }));
    expect(await screen.findByRole('listitem', { name: 'Open docs' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Up one folder' }));
    expect(await screen.findByRole('listitem', { name: 'Open team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Up one folder' })).toBeDisabled();
  });

  it('offers no new folder where only mounts are, and makes one inside a mount', async () => {
    const user = userEvent.setup();
    await renderPicker();
    await screen.findByRole('listitem', { name: 'Open team' });
    expect(screen.queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: 'Open team' }));
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    await user.type(screen.getByRole('textbox', { name: 'Folder name' }), 'a/b');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter one folder name, without / or \\')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Folder name' }));
    await user.type(screen.getByRole('textbox', { name: 'Folder name' }), '2026');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/admin/fs/mkdir',
        body: { path: '/team/2026' },
      }),
    );
    expect(await screen.findByText('/team/2026')).toBeInTheDocument();
  });

  it('shows why a folder cannot be read', async () => {
    await renderPicker(vi.fn(), '/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('does not exist');
    expect(screen.getByRole('button', { name: 'Copy here' })).toBeDisabled();
  });
});
