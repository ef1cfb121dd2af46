import { ModalsProvider } from '@mantine/modals';
import type { RequestUpload } from '@pastebox/contract/schemas/file-request';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { savedRequest } from './request-fixture';
import { RequestsModule } from './RequestsModule';

const received: RequestUpload = {
  id: 'u1',
  request_id: 'r1',
  kind: 'file',
  uploader_name: 'Ana',
  uploader_email: null,
  address: '10.0.0.1',
  filename: 'cake.jpg',
  mimetype: 'image/jpeg',
  size: 2048,
  file_id: 'f1',
  mount_path: null,
  paste_slug: null,
  shared: false,
  share_url: null,
  created_at: '2026-11-27T11:00:00.000Z',
};

const inFolder: RequestUpload = {
  ...received,
  id: 'u2',
  filename: 'notes.log',
  mimetype: 'text/plain',
  file_id: null,
  mount_path: '/m/inbox/notes.log',
};

const answerText: RequestUpload = {
  ...received,
  id: 'u9',
  request_id: 'r3',
  kind: 'text',
  filename: 'text',
  file_id: null,
  paste_slug: 'p1',
};
const textRequest = {
  ...savedRequest,
  id: 'r3',
  slug: 'token',
  url: 'http://localhost/r/token',
  title: 'API token',
  kind: 'text' as const,
};

let calls: { method: string; path: string; body?: unknown }[] = [];

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, body });
  const page = { total: 1, limit: 50, offset: 0, hasMore: false };
  if (url.pathname === '/api/s3-configs') {
    return json(200, [{ id: 'c1', name: 'Disk', storage_type: 'local', is_default: true }]);
  }
  if (url.pathname === '/api/admin/requests/r1/uploads') {
    return json(200, { items: [received, inFolder], pagination: { ...page, total: 2 } });
  }
  if (url.pathname === '/api/admin/requests/r3/uploads') {
    return json(200, { items: [answerText], pagination: page });
  }
  if (url.pathname.endsWith('/text')) {
    return json(200, { content: 'sk_live_123', created_at: answerText.created_at });
  }
  if (method === 'DELETE') {
    return json(200, { deleted: 1 });
  }
  if (url.pathname.endsWith('/share')) {
    return json(200, { ...received, shared: true, share_url: 'http://localhost/file/cake' });
  }
  if (url.pathname === '/api/admin/requests/r1/close') {
    return json(200, { ...savedRequest, closed_at: '2026-11-27T12:00:00.000Z', state: 'closed' });
  }
  if (method === 'POST' && url.pathname === '/api/admin/requests') {
    return json(201, { ...savedRequest, id: 'r2', title: 'New' });
  }
  return json(200, { items: [savedRequest, textRequest], pagination: { ...page, total: 2 } });
}

beforeEach(() => {
  calls = [];
  stubFetch(answer);
  authStore.signInAdmin('tok');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('RequestsModule', () => {
  it('lists each request with its link, what it received and its state', async () => {
    await renderWithProviders(<RequestsModule title="File requests" />);
    expect(await screen.findByText('Wedding photos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/r/photos' })).toHaveAttribute(
      'href',
      'http://localhost/r/photos',
    );
    expect(screen.getByText('2 / 10 files · 3 MiB')).toBeInTheDocument();
    expect(screen.getAllByText('Open')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Copy the link of Wedding photos' })).toBeVisible();
  });

  it('creates a request with a title on the default storage', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<RequestsModule title="File requests" />);
    await user.click(await screen.findByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Title/), 'Logs');
    await user.type(within(dialog).getByLabelText(/Accepted types/), '.log{enter}');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/s3-configs')).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        title: 'Logs',
        kind: 'files',
        allowed_types: ['.log'],
        target: { type: 'storage', s3_config_id: 'c1' },
      }),
    );
    // The whole form (five sections, a tags input) renders in the dialog: slow in jsdom.
  }, 15_000);

  it('closes a request in one click', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<RequestsModule title="File requests" />);
    await user.click(await screen.findByRole('button', { name: 'Close Wedding photos' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/admin/requests/r1/close',
        body: undefined,
      }),
    );
  });

  it('shows who sent what, and shares a received file in one step', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<RequestsModule title="File requests" />);
    await user.click(await screen.findByRole('button', { name: 'What Wedding photos received' }));
    const row = await screen.findByRole('listitem', { name: 'cake.jpg' });
    expect(within(row).getByText('Ana')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Share cake.jpg' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/admin/requests/r1/uploads/u1/share')).toBe(
        true,
      ),
    );
    // A file received into a mount folder is shared too (the server makes a copy).
    const folderRow = await screen.findByRole('listitem', { name: 'notes.log' });
    await user.click(within(folderRow).getByRole('button', { name: 'Share notes.log' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/admin/requests/r1/uploads/u2/share')).toBe(
        true,
      ),
    );
  });
});

describe('RequestsModule, the panel link of a webhook event', () => {
  it('opens what the request named by ?request= received', async () => {
    await renderWithProviders(<RequestsModule title="File requests" />, {
      route: '/admin/file-requests?request=r1',
    });
    expect(await screen.findByRole('listitem', { name: 'cake.jpg' })).toBeInTheDocument();
  });
});

describe('RequestsModule, what arrived', () => {
  const renderModule = () =>
    renderWithProviders(
      <ModalsProvider>
        <RequestsModule title="File requests" />
      </ModalsProvider>,
    );

  it('deletes a received file only once confirmed', async () => {
    const user = userEvent.setup();
    await renderModule();
    await user.click(await screen.findByRole('button', { name: 'What Wedding photos received' }));
    await user.click(await screen.findByRole('button', { name: 'Delete cake.jpg' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'DELETE',
        path: '/api/admin/requests/r1/uploads/u1',
        body: undefined,
      }),
    );
  });

  it('reads a text answer when asked, and only then', async () => {
    const user = userEvent.setup();
    await renderModule();
    await user.click(await screen.findByRole('button', { name: 'What API token received' }));
    await user.click(await screen.findByRole('button', { name: 'Read' }));
    expect(await screen.findByText('sk_live_123')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/text'))).toHaveLength(1);
  });
});
