import { Notifications } from '@mantine/notifications';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { RequestCreatedDialog } from './RequestCreatedDialog';
import { savedRequest } from './request-fixture';
import { RequestsModule } from './RequestsModule';

const withHook: FileRequest = {
  ...savedRequest,
  id: 'r2',
  slug: 'logs',
  url: 'http://localhost/r/logs',
  title: 'Logs',
  webhook_url: 'https://example.com/hook',
  webhook_secret: 'whsec_0123456789abcdef',
};

let created: FileRequest = withHook;
let posts: unknown[] = [];

beforeEach(() => {
  created = withHook;
  posts = [];
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/s3-configs') {
      return json(200, [{ id: 'c1', name: 'Disk', storage_type: 'local', is_default: true }]);
    }
    if (method === 'POST' && url.pathname === '/api/admin/requests') {
      posts.push(JSON.parse(init?.body as string));
      return json(201, created);
    }
    const page = { total: 0, limit: 50, offset: 0, hasMore: false };
    return json(200, { items: [], pagination: page });
  });
  authStore.signInAdmin('tok');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

/** Fills the form's title (and the webhook when given) and creates the request. */
async function createRequest(webhook: string | null) {
  const user = userEvent.setup();
  await renderWithProviders(
    <>
      <Notifications />
      <RequestsModule title="File requests" />
    </>,
  );
  await user.click((await screen.findAllByRole('button', { name: 'New request' }))[0]!);
  const form = await screen.findByRole('dialog');
  await user.type(within(form).getByLabelText(/^Title/), 'Logs');
  if (webhook) {
    await user.type(within(form).getByLabelText(/Webhook URL/), webhook);
  }
  await user.click(within(form).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  return user;
}

describe('a request just created with a webhook', () => {
  it('shows its link and signing secret at once, with copy and QR', async () => {
    const user = await createRequest('https://example.com/hook');
    expect(posts[0]).toMatchObject({ webhook_url: 'https://example.com/hook' });
    const dialog = await screen.findByRole('dialog', { name: 'Logs is ready' });
    // Found as soon as it mounts; visible once its opening transition has run (on a busy
    // machine that can take longer than the first look: CI saw it hidden once).
    await waitFor(() => expect(within(dialog).getByText('http://localhost/r/logs')).toBeVisible());
    expect(within(dialog).getByText('whsec_0123456789abcdef')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy the link' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy the signing secret' })).toBeVisible();
    expect(within(dialog).getByText(/https:\/\/example\.com\/hook/)).toBeVisible();
    // The dialog says it all: no notification sending the owner to the list for the link.
    expect(screen.queryByText(/copy its link from the list/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'QR code' }));
    expect(await screen.findByRole('dialog', { name: 'QR code' })).toBeInTheDocument();
  }, 20_000);

  it('is not shown for a request without a webhook', async () => {
    created = { ...withHook, webhook_url: null, webhook_secret: null };
    await createRequest(null);
    // The form closes with its notification, and nothing else opens.
    expect(await screen.findByText('Logs was created: copy its link from the list')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('speaks Chinese too', async () => {
    await renderWithProviders(
      <RequestCreatedDialog request={withHook} onQr={() => undefined} onClose={() => undefined} />,
      { language: 'zh-CN' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Logs 已创建' });
    expect(within(dialog).getByRole('button', { name: '复制签名密钥' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: '完成' })).toBeVisible();
  });
});
