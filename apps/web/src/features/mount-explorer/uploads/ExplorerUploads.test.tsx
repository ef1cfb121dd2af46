import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { sendXhr, type XhrRequest } from '@/lib/uploader/xhr';
import { renderWithProviders } from '@/test/render';
import {
  ExplorerDropZone,
  ExplorerUploadButtons,
  ExplorerUploadProvider,
  ExplorerUploadQueue,
} from './index';

// The bodies go through XHR (for progress): each test answers them by hand.
vi.mock('@/lib/uploader/xhr', () => ({ sendXhr: vi.fn() }));
const send = vi.mocked(sendXhr);

const MAX_BYTES = 1000;
let fetched: { method: string; url: string; body: unknown }[] = [];

/** Each XHR waits here until the test answers (or cancels) it. */
let pending: { xhr: XhrRequest; answer: (status?: number) => void }[] = [];

beforeEach(() => {
  fetched = [];
  pending = [];
  authStore.signInAdmin('tok');
  send.mockImplementation(
    (xhr: XhrRequest) =>
      new Promise((resolve, reject) => {
        xhr.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        const form = xhr.body as FormData;
        pending.push({
          xhr,
          answer: (status = 200) =>
            resolve({
              status,
              text: JSON.stringify({
                code: status,
                message: 'OK',
                data: { path: form.get('path'), size: 1, etag: null },
                success: true,
              }),
              header: () => null,
            }),
        });
      }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      fetched.push({ method, url: url.pathname + url.search, body });
      const path = url.searchParams.get('path') ?? '/';
      const data = url.pathname.endsWith('/system/max-upload-size')
        ? { max_upload_size_bytes: MAX_BYTES }
        : url.pathname.endsWith('/fs/mkdir')
          ? { path: (body as { path: string }).path }
          : { path, isRoot: path === '/', isVirtual: path === '/', mount_id: 'm', items: [] };
      return Promise.resolve(Response.json({ code: 200, message: 'OK', data, success: true }));
    }),
  );
});

afterEach(() => {
  // Unmounted first: nothing may reach the real network once fetch is no longer stubbed.
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  authStore.signOut();
});

function Explorer({ folder }: { folder: string }) {
  return (
    <ExplorerUploadProvider folderPath={folder}>
      <ExplorerUploadButtons />
      <ExplorerDropZone>
        <p>listing</p>
      </ExplorerDropZone>
      <ExplorerUploadQueue />
    </ExplorerUploadProvider>
  );
}

function file(name: string, bytes = 10, relativePath = '') {
  const made = new File(['x'.repeat(bytes)], name, { type: 'text/plain' });
  Object.defineProperty(made, 'webkitRelativePath', { value: relativePath });
  return made;
}

const queue = () => screen.getByRole('region', { name: 'Uploads' });
const row = (name: string) => within(queue()).getByRole('listitem', { name });
const formPaths = () => pending.map(({ xhr }) => (xhr.body as FormData).get('path'));

async function renderExplorer(folder = '/team/in') {
  const user = userEvent.setup();
  const view = await renderWithProviders(<Explorer folder={folder} />);
  return { user, ...view };
}

describe('explorer uploads', () => {
  it('uploads chosen files into the folder with progress, then lists them', async () => {
    const { user } = await renderExplorer();
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Upload files' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.upload(screen.getByTestId('explorer-upload-files'), [file('a.txt'), file('b.txt')]);
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(formPaths()).toEqual(['/team/in/a.txt', '/team/in/b.txt']);
    expect(pending[0]!.xhr.url).toBe('/api/admin/fs/upload');
    expect(within(row('a.txt')).getByText('To /team/in · 10 B')).toBeInTheDocument();

    // Progress redraws at most every 200 ms: keep reporting until it shows.
    await waitFor(() => {
      pending[0]!.xhr.onUploadProgress?.(5, 10);
      expect(within(row('a.txt')).getByText(/^50% · 5 B \/ 10 B/)).toBeInTheDocument();
    });
    expect(
      within(row('a.txt')).getByRole('progressbar', { name: 'Upload of a.txt' }),
    ).toBeVisible();

    const listed = fetched.filter((call) => call.url.startsWith('/api/admin/fs/list')).length;
    pending[0]!.answer();
    expect(await within(row('a.txt')).findByText('Uploaded')).toBeInTheDocument();
    expect(within(queue()).getByText('1 of 2 done')).toBeInTheDocument();
    // The listing on screen refetches, so the new file shows.
    await waitFor(() =>
      expect(fetched.filter((call) => call.url.startsWith('/api/admin/fs/list')).length).toBe(
        listed + 1,
      ),
    );

    await user.click(within(queue()).getByRole('button', { name: 'Clear finished' }));
    expect(within(queue()).queryByRole('listitem', { name: 'a.txt' })).toBeNull();
    expect(row('b.txt')).toBeInTheDocument();
  });

  it('keeps the structure of a chosen folder below the folder on screen', async () => {
    const { user } = await renderExplorer();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload folder' })).toBeEnabled(),
    );
    expect(screen.getByTestId('explorer-upload-folder')).toHaveAttribute('webkitdirectory');
    await user.upload(screen.getByTestId('explorer-upload-folder'), [
      file('a.jpg', 3, 'photos/a.jpg'),
      file('b.jpg', 3, 'photos/2024/b.jpg'),
    ]);
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(formPaths()).toEqual(['/team/in/photos/a.jpg', '/team/in/photos/2024/b.jpg']);
    expect(
      within(row('photos/2024/b.jpg')).getByText(/^To \/team\/in\/photos\/2024/),
    ).toBeVisible();
  });

  it('uploads dropped files and folders recursively, creating empty folders', async () => {
    await renderExplorer();
    const zone = screen.getByText('listing').parentElement!;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload files' })).toBeEnabled());
    const fileEntry = (path: string) => ({
      isFile: true,
      isDirectory: false,
      fullPath: path,
      file: (ok: (f: File) => void) => ok(file(path.slice(path.lastIndexOf('/') + 1), 4)),
    });
    const folderEntry = (path: string, children: unknown[]) => ({
      isFile: false,
      isDirectory: true,
      fullPath: path,
      createReader: () => {
        let read = false;
        return {
          readEntries: (ok: (entries: unknown[]) => void) => {
            ok(read ? [] : children);
            read = true;
          },
        };
      },
    });
    const items = [
      { kind: 'file', webkitGetAsEntry: () => fileEntry('/loose.txt'), getAsFile: () => null },
      {
        kind: 'file',
        webkitGetAsEntry: () =>
          folderEntry('/docs', [fileEntry('/docs/a.md'), folderEntry('/docs/empty', [])]),
        getAsFile: () => null,
      },
    ];
    const dataTransfer = { types: ['Files'], items, files: [], dropEffect: 'none' };

    fireEvent.dragEnter(zone, { dataTransfer });
    expect(await screen.findByText('Drop files or folders to upload')).toBeInTheDocument();
    expect(screen.getByText('They go into /team/in')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer });
    expect(screen.queryByText('Drop files or folders to upload')).toBeNull();

    await waitFor(() => expect(pending).toHaveLength(2));
    expect(formPaths()).toEqual(['/team/in/loose.txt', '/team/in/docs/a.md']);
    await waitFor(() =>
      expect(fetched).toContainEqual({
        method: 'POST',
        url: '/api/admin/fs/mkdir',
        body: { path: '/team/in/docs/empty' },
      }),
    );
  });

  it('refuses a file over the max upload size before sending it, with no retry', async () => {
    const { user } = await renderExplorer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload files' })).toBeEnabled());
    await user.upload(screen.getByTestId('explorer-upload-files'), [file('huge.bin', 2000)]);
    expect(await within(row('huge.bin')).findByRole('alert')).toHaveTextContent(
      'The file (1.95 KiB) is larger than the maximum upload size (1000 B)',
    );
    expect(within(row('huge.bin')).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('cancels an upload midway and retries it', async () => {
    const { user } = await renderExplorer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload files' })).toBeEnabled());
    await user.upload(screen.getByTestId('explorer-upload-files'), [file('c.txt')]);
    await waitFor(() => expect(pending).toHaveLength(1));

    await user.click(
      within(row('c.txt')).getByRole('button', { name: 'Cancel the upload of c.txt' }),
    );
    expect(await within(row('c.txt')).findByText('Cancelled')).toBeInTheDocument();
    expect(within(row('c.txt')).getByRole('alert')).toHaveTextContent('Upload cancelled');

    await user.click(within(row('c.txt')).getByRole('button', { name: 'Retry c.txt' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!.answer();
    expect(await within(row('c.txt')).findByText('Uploaded')).toBeInTheDocument();
  });

  it('takes no uploads where only mounts are listed', async () => {
    await renderExplorer('/');
    const zone = screen.getByText('listing').parentElement!;
    await waitFor(() => expect(fetched.length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeDisabled();
    const dataTransfer = { types: ['Files'], items: [], files: [file('x.txt')] };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(
      await screen.findByText('Open a folder inside a mount to upload into it'),
    ).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer });
    expect(send).not.toHaveBeenCalled();
  });
});
