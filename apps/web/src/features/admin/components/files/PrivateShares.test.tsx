import type { FileShare } from '@pastebox/contract/schemas/file';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { FilesModule } from './FilesModule';

/** A file a stranger sent through a request: private until its owner shares it. */
const received: FileShare = {
  id: 'f1',
  file_id: 'f1',
  slug: 'cake',
  filename: 'cake.jpg',
  mimetype: 'image/jpeg',
  size: 2048,
  etag: null,
  remark: null,
  s3_config_id: 'c1',
  provider_type: 'local',
  path: '',
  storage_path: 'a/cake.jpg',
  status: 'ready',
  private: true,
  has_password: false,
  expires_at: null,
  max_views: 0,
  views: 0,
  expired: false,
  created_by: 'admin',
  created_at: '2026-11-27T05:00:00.000Z',
  updated_at: '2026-11-27T05:00:00.000Z',
};
const shared: FileShare = {
  ...received,
  id: 'f2',
  file_id: 'f2',
  slug: 'notes',
  filename: 'notes.txt',
  private: false,
};

let calls: { method: string; path: string; body?: unknown }[] = [];
let refuseShare = false;

beforeEach(() => {
  calls = [];
  refuseShare = false;
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (method === 'PUT' && url.pathname === '/api/admin/files/f1') {
      return refuseShare
        ? json(403, null, 'FORBIDDEN')
        : json(200, { ...received, private: false });
    }
    if (url.pathname === '/api/admin/files') {
      return json(200, {
        items: [received, shared],
        pagination: { total: 2, limit: 50, offset: 0 },
      });
    }
    return json(404, null, 'NOT_FOUND');
  });
  authStore.signInAdmin('tok');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

const shareCalls = () => calls.filter((call) => call.method === 'PUT');

describe('file management, private files (issue 33)', () => {
  it('marks a private file, and only it, with a badge that says who may open it', async () => {
    await renderWithProviders(<FilesModule title="Files" />);
    const row = (await screen.findByText('cake.jpg')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Private')).toBeInTheDocument();
    expect(within(row).getByText(/Only you can open its link/)).toBeInTheDocument();
    const other = screen.getByText('notes.txt').closest('tr') as HTMLElement;
    expect(within(other).queryByText('Private')).toBeNull();
    expect(within(other).getByRole('button', { name: 'Copy the link of notes.txt' })).toBeVisible();
  });

  it('shares a private file in one step, then hands out its link', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<FilesModule title="Files" />);
    await user.click(await screen.findByRole('button', { name: 'Share it: cake.jpg' }));
    await waitFor(() =>
      expect(shareCalls()).toEqual([
        { method: 'PUT', path: '/api/admin/files/f1', body: { private: false } },
      ]),
    );
    const dialog = await screen.findByRole('dialog', { name: 'cake.jpg is shared' });
    expect(within(dialog).getByText(/\/file\/cake$/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'QR code' })).toBeVisible();
  });

  it('says the link is private instead of copying it, and shares only when asked', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<FilesModule title="Files" />);
    expect(await screen.findByText('cake.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy the link of cake.jpg' })).toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'cake.jpg is private: share it to copy its link' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'cake.jpg is private' });
    expect(shareCalls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Share it: cake.jpg' }));
    expect(await screen.findByRole('dialog', { name: 'cake.jpg is shared' })).toBeVisible();
    expect(shareCalls()).toHaveLength(1);
  });

  it('keeps the file private and says why when sharing is refused', async () => {
    refuseShare = true;
    const user = userEvent.setup();
    await renderWithProviders(<FilesModule title="Files" />);
    await user.click(
      await screen.findByRole('button', {
        name: 'cake.jpg is private: share it to show its QR code',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'cake.jpg is private' });
    await user.click(within(dialog).getByRole('button', { name: 'Share it: cake.jpg' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file could not be shared',
    );
  });

  it('speaks Chinese too', async () => {
    await renderWithProviders(<FilesModule title="文件" />, { language: 'zh-CN' });
    expect(await screen.findByText('私有')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '分享：cake.jpg' })).toBeVisible();
  });
});
