import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import type { UploadRequest } from '@/lib/uploader/types';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { readRecentUploads } from '../lib/recent-uploads';
import { FilesTab } from './FilesTab';

/** What each upload was sent with; `refuse` names files whose upload fails. */
const uploads: UploadRequest[] = [];
const refuse = new Set<string>();

vi.mock('@/lib/uploader/upload-file', () => ({
  uploadFile: (request: UploadRequest) => {
    uploads.push(request);
    if (refuse.has(request.filename)) {
      return Promise.reject(new AppError(507, 'QUOTA_EXCEEDED', 'Quota exceeded'));
    }
    const share: Partial<FileShare> = {
      id: `id-${request.filename}`,
      slug: `s-${request.filename}`,
      filename: request.filename,
      size: request.file.size,
      created_at: '2026-11-24T05:00:00.000Z',
    };
    return Promise.resolve(share);
  },
}));

let posts: unknown[] = [];

/** Whether the files last uploaded were sealed: the server then says the bundle is. */
let sealed = false;

function bundleOf(body: { file_ids: string[]; title?: string }): BundleDetail {
  return {
    ...(sealed ? { encrypted: true as const } : {}),
    id: 'b1',
    slug: 'trip',
    title: body.title ?? null,
    url: 'http://localhost/b/trip',
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    expired: false,
    file_count: body.file_ids.length,
    total_size: 10,
    created_by: 'admin',
    created_at: '2026-11-24T05:00:00.000Z',
    updated_at: '2026-11-24T05:00:00.000Z',
    files: [],
  };
}

beforeEach(() => {
  sealed = false;
  uploads.length = 0;
  refuse.clear();
  posts = [];
  authStore.signInAdmin('tok');
  stubFetch((url, init) => {
    if (url.pathname === '/api/admin/bundles' && init?.method === 'POST') {
      sealed = uploads.every((request) => request.options.encrypt);
      const body = JSON.parse(init.body as string) as { file_ids: string[]; title?: string };
      posts.push(body);
      return json(201, bundleOf(body));
    }
    return json(404, null, 'NOT_FOUND');
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

const files = () => [
  new File(['aaa'], 'a.txt', { type: 'text/plain' }),
  new File(['bbbb'], 'b.txt', { type: 'text/plain' }),
];

/** Pastes the two files and switches on "Share as one link"; answers the user. */
async function pasteTwoFilesAsOneLink() {
  const user = userEvent.setup({ delay: null });
  await renderWithProviders(<FilesTab maxBytes={1_000_000} storageChoices={null} active />);
  // A paste of files adds them as a drop or the picker would (the page listens on window).
  const paste = new Event('paste') as Event & { clipboardData: { files: File[] } };
  paste.clipboardData = { files: files() };
  act(() => {
    window.dispatchEvent(paste);
  });
  await screen.findByText('a.txt');
  await user.click(await screen.findByRole('switch', { name: /Share as one link/ }));
  return user;
}

async function chooseTwoFilesAsOneLink() {
  const user = await pasteTwoFilesAsOneLink();
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Logs');
  await user.click(screen.getByRole('button', { name: 'Upload all' }));
  return user;
}

describe('FilesTab: share as one link (issue 33)', () => {
  it('uploads the files as private shares, then creates one bundle of them', async () => {
    await chooseTwoFilesAsOneLink();

    expect(await screen.findByText('Your bundle link is ready')).toBeInTheDocument();
    expect(uploads.map((request) => request.options.private)).toEqual([true, true]);
    expect(uploads.map((request) => request.options.password)).toEqual(['', '']);
    expect(posts).toEqual([
      { file_ids: ['id-a.txt', 'id-b.txt'], title: 'Logs', expires_in: 168, max_views: 0 },
    ]);
    expect(screen.getByRole('link', { name: 'http://localhost:3000/b/trip' })).toBeInTheDocument();
  });

  it('holds the bundle back for a failed file until it is left out', async () => {
    refuse.add('b.txt');
    const user = await chooseTwoFilesAsOneLink();

    const leaveOut = await screen.findByRole('button', { name: 'Leave it out' });
    expect(posts).toEqual([]);
    await user.click(leaveOut);
    await waitFor(() =>
      expect(posts).toEqual([
        { file_ids: ['id-a.txt'], title: 'Logs', expires_in: 168, max_views: 0 },
      ]),
    );
    expect(await screen.findByText('Your bundle link is ready')).toBeInTheDocument();
  });

  it('offers the bundle link like a file link (copy, open, QR) and remembers it, not its files', async () => {
    const user = await chooseTwoFilesAsOneLink();

    const card = await screen.findByRole('status', { name: 'Your bundle link is ready' });
    expect(within(card).getByRole('button', { name: 'Copy the bundle link' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open the bundle page' })).toHaveAttribute(
      'href',
      'http://localhost:3000/b/trip',
    );
    await user.click(within(card).getByRole('button', { name: 'QR code of the bundle link' }));
    expect(await screen.findByRole('dialog', { name: 'QR code of Logs' })).toBeInTheDocument();
    expect(readRecentUploads()).toEqual([
      {
        slug: 'trip',
        filename: 'Logs',
        size: 10,
        uploadedAt: '2026-11-24T05:00:00.000Z',
        bundle: { fileCount: 2 },
      },
    ]);
  });

  it('seals every file under the one bundle key and puts the key in the link (issue 35)', async () => {
    const user = await pasteTwoFilesAsOneLink();
    await user.click(screen.getByRole('switch', { name: /^End-to-end encrypt/ }));
    await user.type(screen.getByLabelText(/Encryption password/), 'gulls');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Logs');
    await user.click(screen.getByRole('button', { name: 'Upload all' }));

    const card = await screen.findByRole('status', { name: 'Your bundle link is ready' });
    expect(uploads.map((request) => request.options.encrypt)).toEqual([true, true]);
    expect(uploads.map((request) => request.options.encryptionPassword)).toEqual([
      'gulls',
      'gulls',
    ]);
    const key = uploads[0]?.options.encryptionKey ?? '';
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(uploads[1]?.options.encryptionKey).toBe(key);
    const link = `http://localhost:3000/b/trip#k=${key}`;
    expect(within(card).getByRole('link', { name: link })).toHaveAttribute('href', link);
    // 3 + 4 bytes as chosen, not the server's total of ciphertext.
    expect(within(card).getByText('Logs · 2 files · 7 B')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'QR code of the bundle link' }));
    const qr = await screen.findByRole('dialog', { name: 'QR code of Logs' });
    expect(within(qr).getByText(link)).toBeInTheDocument();
    // The link holds the key, which this browser keeps nowhere.
    expect(readRecentUploads()).toEqual([]);
  });
});
