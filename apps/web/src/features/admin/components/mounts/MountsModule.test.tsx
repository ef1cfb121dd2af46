import type { MountItem } from '@pastebox/contract/schemas/mount';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { MountsModule } from './MountsModule';

const team: MountItem = {
  id: 'm1',
  name: 'Team files',
  storage_type: 'local',
  storage_config_id: 'c1',
  s3_config_id: 'c1',
  storage_config_name: 'Local disk',
  mount_path: '/team',
  remark: null,
  is_active: true,
  sort_order: 0,
  cache_ttl: 300,
  created_by: 'admin',
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
};

/** Every call the module made: method, path and body. */
let calls: { method: string; path: string; body?: unknown }[] = [];
/** What POST /admin/mounts answers next (null: created). */
let createRefusal: { status: number; error: string } | null = null;

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, body });
  if (url.pathname === '/api/s3-configs') {
    return json(200, [{ id: 'c1', name: 'Local disk', provider_type: 'local', is_default: true }]);
  }
  if (url.pathname === '/api/admin/dav/locks') {
    return json(200, []);
  }
  if (method === 'PUT') {
    return json(200, { ...team, ...(body as object) });
  }
  if (method === 'POST') {
    return createRefusal
      ? json(createRefusal.status, null, createRefusal.error)
      : json(201, { ...team, ...(body as object), id: 'm2' });
  }
  return json(200, [team]);
}

beforeEach(() => {
  calls = [];
  createRefusal = null;
  stubFetch(answer);
});

afterEach(() => {
  // Unmounted first, so no refetch after a save reaches the real network.
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('MountsModule as the admin', () => {
  beforeEach(() => authStore.signInAdmin('tok'));

  it('switches a mount off with a PUT of is_active alone', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<MountsModule title="Mount management" />);
    await user.click(await screen.findByRole('switch', { name: 'Active: Team files' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: '/api/admin/mounts/m1',
        body: { is_active: false },
      }),
    );
  });

  it('refuses a reserved path before sending, and shows a server refusal on its field', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<MountsModule title="Mount management" />);
    await user.click(await screen.findByRole('button', { name: 'Add mount' }));
    const form = await screen.findByRole('form', { name: 'Mount' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Api');
    await user.type(within(form).getByRole('textbox', { name: 'Mount path' }), '/api');
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Storage config' })).toHaveValue(
        'Local disk',
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await within(form).findByText(
        'Reserved by the app: a mount path cannot start with /api, /dav, /mount-explorer',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    createRefusal = { status: 409, error: 'MOUNT_PATH_TAKEN' };
    const path = within(form).getByRole('textbox', { name: 'Mount path' });
    await user.clear(path);
    await user.type(path, '/photos');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await within(form).findByText('Another mount already uses this path'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/mounts',
      body: { name: 'Api', mount_path: '/photos', storage_config_id: 'c1', cache_ttl: 300 },
    });
  });
});

describe('MountsModule: reserved mount paths (issue 30)', () => {
  beforeEach(() => authStore.signInAdmin('tok'));

  it('names the reserved paths in Chinese, and sends /upload, a web route, as it is', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<MountsModule title="挂载管理" />, { language: 'zh-CN' });
    await user.click(await screen.findByRole('button', { name: '添加挂载点' }));
    const form = await screen.findByRole('form', { name: '挂载点' });
    await user.type(within(form).getByRole('textbox', { name: '名称' }), 'Dav');
    await user.type(within(form).getByRole('textbox', { name: '挂载路径' }), '/dav/x');
    await waitFor(() =>
      // The default config is chosen (its name, then the provider's in Chinese).
      expect(
        within(form).getByRole<HTMLInputElement>('textbox', { name: '存储配置' }).value,
      ).toContain('Local disk'),
    );
    await user.click(within(form).getByRole('button', { name: '创建' }));
    expect(
      await within(form).findByText(
        '系统保留路径：挂载路径不能以 /api, /dav, /mount-explorer 开头',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const path = within(form).getByRole('textbox', { name: '挂载路径' });
    await user.clear(path);
    await user.type(path, '/upload');
    await user.click(within(form).getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        body: { name: 'Dav', mount_path: '/upload' },
      }),
    );
  });
});

describe('MountsModule as a key with mount permission', () => {
  it('reads /user/mounts and offers no way to change them (SPEC §6)', async () => {
    authStore.signInApiKey(
      'key',
      { id: 'k1', name: 'Robot', basic_path: '/team' },
      { text: false, file: false, mount: true },
    );
    await renderWithProviders(<MountsModule title="Mount management" />);
    expect(await screen.findByText('Team files')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/user/mounts']);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add mount' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Team files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Team files' })).not.toBeInTheDocument();
  });
});
