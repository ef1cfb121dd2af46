import type { BundleDetail, BundleSummary } from '@pastebox/contract/schemas/bundle';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { BundlesModule } from './BundlesModule';
import { CreateBundleModal } from './CreateBundleModal';

const trip: BundleSummary = {
  id: 'b1',
  slug: 'trip',
  title: 'Holiday',
  url: 'http://localhost/b/trip',
  has_password: false,
  expires_at: null,
  max_views: 0,
  views: 4,
  expired: false,
  file_count: 2,
  total_size: 2048,
  created_by: 'admin',
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
};
const detail: BundleDetail = { ...trip, files: [] };

let calls: { method: string; path: string; search: string; body?: unknown }[] = [];

beforeEach(() => {
  calls = [];
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    if (url.pathname.endsWith('/bundles') && method === 'GET') {
      return json(200, { items: [trip], pagination: { total: 1, limit: 50, offset: 0 } });
    }
    if (method === 'DELETE') {
      return json(200, { deleted: true, files_deleted: 2, files_failed: 0 });
    }
    if (method === 'POST') {
      return json(201, { ...detail, slug: 'logs', title: 'Logs', file_count: 2 });
    }
    if (method === 'PUT') {
      return json(200, { ...detail, ...(body as object) });
    }
    return json(200, detail);
  });
  authStore.signInAdmin('tok');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

function renderModule(language: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(
    <ModalsProvider>
      <BundlesModule title="Bundles" />
    </ModalsProvider>,
    { language },
  );
}

describe('BundlesModule', () => {
  it('deletes a bundle together with its files when asked to', async () => {
    const user = userEvent.setup({ delay: null });
    await renderModule();
    await user.click(await screen.findByRole('button', { name: 'Delete Holiday' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete its 2 files' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'DELETE',
          path: '/api/admin/bundles/b1',
          search: '?delete_files=true',
        }),
      ),
    );
  });

  it('edits the title and view limit, sending only what changed', async () => {
    const user = userEvent.setup({ delay: null });
    await renderModule();
    await user.click(await screen.findByRole('button', { name: 'Edit Holiday' }));
    const dialog = await screen.findByRole('dialog');
    const title = await within(dialog).findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Summer');
    const views = within(dialog).getByRole('textbox', { name: 'Max views' });
    await user.clear(views);
    await user.type(views, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: '/api/admin/bundles/b1',
        body: { title: 'Summer', max_views: 9 },
      }),
    );
  });

  it("lists a key's own bundles in Chinese, under /user/bundles", async () => {
    authStore.signOut();
    authStore.signInApiKey(
      'key',
      { id: 'k1', name: 'ci', basic_path: '/' },
      { text: false, file: true, mount: false },
    );
    await renderModule('zh-CN');
    expect(await screen.findByText('Holiday')).toBeInTheDocument();
    expect(screen.getByText('2 个文件 · 2 KiB')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/user/bundles' });
  });
});

describe('CreateBundleModal', () => {
  it('creates a bundle of the selected files and shows its link', async () => {
    const user = userEvent.setup({ delay: null });
    const onCreated = vi.fn();
    await renderWithProviders(
      <CreateBundleModal
        fileIds={['f1', 'f2']}
        skipped={{ uploading: 1, encrypted: 0 }}
        onCreated={onCreated}
        onClose={vi.fn()}
      />,
    );
    expect(
      await screen.findByText(/2 files go into the bundle.*1 selected file is still uploading/),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Logs');
    await user.type(screen.getByRole('textbox', { name: 'Link suffix' }), 'logs');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Your bundle link is ready')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/bundles',
      body: { file_ids: ['f1', 'f2'], title: 'Logs', slug: 'logs', expires_in: 168, max_views: 0 },
    });
    expect(onCreated).toHaveBeenCalled();
  });

  it('says why end-to-end encrypted files were left out (each has a key of its own)', async () => {
    await renderWithProviders(
      <CreateBundleModal
        fileIds={['f1']}
        skipped={{ uploading: 0, encrypted: 2 }}
        onCreated={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(
      await screen.findByText(/2 selected files are end-to-end encrypted.*upload page/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/still uploading/)).not.toBeInTheDocument();
  });
});
