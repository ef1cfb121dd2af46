import { Notifications, notifications } from '@mantine/notifications';
import type { Permissions } from '@pastebox/contract/schemas/auth';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { AdminRoute } from './AdminRoute';

function envelope(data: unknown, status = 200, error?: string) {
  const body = { code: status, message: error ?? 'OK', data, success: status < 300, error };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const keyInfo = { id: 'k1', name: 'CI bot', basic_path: '/' };

/** GET /api/test/api-key as the server answers it: the key's permissions now. */
function keyCheck(permissions: Permissions) {
  return envelope({
    ...keyInfo,
    permissions,
    key_info: { ...keyInfo, expires_at: null },
  });
}

/** What the key check answers in the current test; by default the permissions signed in with. */
let answerKeyCheck: (signal?: AbortSignal) => Promise<Response>;
/** How often the key was checked with the server. */
let keyChecks = 0;
/** Whether the admin-token check hangs, as on a slow link, until the test is over. */
let holdAdminCheck = false;
let releaseHeld: (() => void)[] = [];

/** Real-shaped answers for the calls the panel makes while it opens. */
function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  if (url.includes('/api/test/api-key')) {
    keyChecks += 1;
    return answerKeyCheck(init?.signal ?? undefined);
  }
  if (url.includes('/api/test/admin-token')) {
    if (holdAdminCheck) {
      return new Promise((_, reject) => releaseHeld.push(() => reject(new TypeError('gone'))));
    }
    return Promise.resolve(
      envelope({ id: 'a1', username: 'root', expiresAt: '2030-01-01T00:00:00.000Z' }),
    );
  }
  if (url.includes('/pastes')) {
    const pagination = { total: 0, limit: 10, offset: 0, page: 1, totalPages: 0 };
    return Promise.resolve(envelope({ items: [], pagination }));
  }
  if (url.includes('/api/admin/api-keys') || url.includes('/mounts')) {
    return Promise.resolve(envelope([]));
  }
  return Promise.resolve(new Response('{}', { status: 404 }));
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderAt(route: string, language: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/admin" element={<AdminRoute />} />
        <Route path="/admin/:module" element={<AdminRoute />} />
      </Routes>
      <Location />
    </>,
    { route, language },
  );
}

const location = () => screen.getByTestId('location').textContent;
const checking = () => screen.queryByRole('status', { name: 'Checking your access…' });
const NONE: Permissions = { text: false, file: false, mount: false };
const navLinks = () =>
  [...screen.getByRole('navigation', { name: 'Panel navigation' }).querySelectorAll('a')].map(
    (link) => link.textContent,
  );

/** Signs a key in with `stored` permissions, as another tab or an old session left them. */
function storedKey(stored: Permissions) {
  authStore.signInApiKey('key', keyInfo, stored);
}

beforeEach(() => {
  authStore.signOut();
  notifications.clean();
  keyChecks = 0;
  holdAdminCheck = false;
  answerKeyCheck = () => Promise.resolve(keyCheck(authStore.get().permissions));
  vi.stubGlobal('fetch', vi.fn(answer));
});

afterEach(() => {
  // Unmounted first: signing out below would show the login screen, whose SSO question
  // would then reach the real network.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.signOut();
  // A check still hanging would be joined by the next test's check of the same credentials.
  releaseHeld.forEach((release) => release());
  releaseHeld = [];
});

describe('AdminRoute', () => {
  it('shows the login screen to a visitor who is not signed in', async () => {
    await renderAt('/admin/settings');
    expect(screen.getByRole('heading', { name: 'Sign in to Pastebox' })).toBeInTheDocument();
    expect(document.title).toBe('Log in - Pastebox');
  });

  it('takes the admin from /admin to the dashboard, titled with the module name', async () => {
    authStore.signInAdmin('tok');
    await renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect(screen.getByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard - Pastebox');
    const nav = screen.getByRole('navigation', { name: 'Panel navigation' });
    // SPEC §2's seven modules with those of issue 32 (Accounts, Audit log, own Account) and
    // issue 33 (Bundles, File requests).
    const order = `dashboard text-management file-management bundles file-requests storage-config
      mount-management key-management accounts audit settings account`;
    const modules = [...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(modules).toEqual(order.split(/\s+/).map((id) => `/admin/${id}`));
    expect(await screen.findByText('Signed in as root')).toBeInTheDocument();
  });

  it('sends an unknown module to the default one', async () => {
    authStore.signInAdmin('tok');
    await renderAt('/admin/no-such-module');
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  });

  it('lands a key user on /admin at its first allowed module, without a notice', async () => {
    authStore.signInApiKey('key', keyInfo, { text: false, file: true, mount: true });
    await renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/admin/file-management'));
    expect(screen.getByRole('heading', { name: 'User panel' })).toBeInTheDocument();
    expect(screen.getByText('Key: CI bot')).toBeInTheDocument();
    expect(navLinks()).toEqual(['File management', 'Bundles', 'File requests', 'Mount management']);
    expect(screen.queryByText('This module needs an admin account')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Modules your key can use' })).toBeNull();
  });

  it('tells a key user who opens an admin-only module why, and links the ones it may use', async () => {
    authStore.signInApiKey('key', keyInfo, { text: true, file: false, mount: true });
    await renderAt('/admin/key-management');
    expect(await screen.findByText('This module needs an admin account')).toBeInTheDocument();
    expect(location()).toBe('/admin/key-management');
    expect(screen.getByRole('heading', { name: 'User panel' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'API keys' })).toBeInTheDocument();
    expect(navLinks()).toEqual(['Text management', 'Mount management']);
    // Nothing of another module is shown in its place.
    expect(screen.queryByRole('button', { name: 'Clear expired' })).not.toBeInTheDocument();
    const offered = screen.getByRole('navigation', { name: 'Modules your key can use' });
    const links = within(offered).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Text management', '/admin/text-management'],
      ['Mount management', '/admin/mount-management'],
    ]);
    await userEvent.setup().click(links[0] as HTMLElement);
    await waitFor(() => expect(location()).toBe('/admin/text-management'));
    expect(screen.queryByText('This module needs an admin account')).not.toBeInTheDocument();
  });

  it.each(['/admin/settings', '/admin/storage-config', '/admin/dashboard'])(
    'says %s needs an admin account instead of showing text management',
    async (route) => {
      authStore.signInApiKey('key', keyInfo, { text: true, file: false, mount: false });
      await renderAt(route);
      expect(await screen.findByText('This module needs an admin account')).toBeInTheDocument();
      expect(location()).toBe(route);
      expect(screen.queryByRole('button', { name: 'Clear expired' })).not.toBeInTheDocument();
    },
  );

  it('names the permission a key lacks for a module it may not use', async () => {
    authStore.signInApiKey('key', keyInfo, { text: true, file: false, mount: false });
    await renderAt('/admin/file-management');
    expect(await screen.findByText('Your API key lacks the file permission')).toBeInTheDocument();
    expect(screen.getByText(/Ask the administrator to grant it to the key "CI bot"/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Log out to sign in as admin' })).toBeNull();
    expect(document.title).toBe('File management - Pastebox');
  });

  it('says it in Chinese, and logging out leaves the login screen at the same address', async () => {
    authStore.signInApiKey('key', keyInfo, { text: true, file: false, mount: false });
    await renderAt('/admin/settings', 'zh-CN');
    expect(await screen.findByText('此模块需要管理员账号')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '用户面板' })).toBeInTheDocument();
    const offered = screen.getByRole('navigation', { name: '你的密钥可以使用的模块' });
    expect(within(offered).getByRole('link', { name: '文本管理' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '退出登录，改用管理员登录' }));
    await waitFor(() => expect(authStore.get().authType).toBe('none'));
    expect(location()).toBe('/admin/settings');
  });

  it('sends a key without any permission home', async () => {
    authStore.signInApiKey('key', keyInfo, { text: false, file: false, mount: false });
    await renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('opens the panel at once for the admin while the token is rechecked', async () => {
    authStore.signInAdmin('tok');
    holdAdminCheck = true;
    await renderAt('/admin/settings');
    expect(screen.getByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(checking()).not.toBeInTheDocument();
  });

  it('lets in a key whose stored permissions are stale once the server grants mount', async () => {
    storedKey(NONE);
    answerKeyCheck = () => Promise.resolve(keyCheck({ ...NONE, mount: true }));
    await renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/admin/mount-management'));
    expect(screen.getByRole('heading', { name: 'User panel' })).toBeInTheDocument();
    expect(navLinks()).toEqual(['Mount management']);
    expect(screen.queryByText('Nothing to manage')).not.toBeInTheDocument();
    expect(authStore.get().permissions).toEqual({ ...NONE, mount: true });
    // The redirect from /admin to the landing module is no second entry.
    expect(keyChecks).toBe(1);
  });

  it('keeps a key whose permissions were revoked out, also while the check runs', async () => {
    storedKey({ ...NONE, mount: true });
    let answerNow: (response: Response) => void = () => undefined;
    answerKeyCheck = () => new Promise((resolve) => (answerNow = resolve));
    await renderAt('/admin/mount-management');
    expect(checking()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'User panel' })).not.toBeInTheDocument();
    answerNow(keyCheck(NONE));
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(await screen.findByText('Nothing to manage')).toBeInTheDocument();
  });

  it('decides on the stored permissions when the server cannot be reached', async () => {
    storedKey({ ...NONE, text: true });
    answerKeyCheck = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/admin/text-management'));
    expect(navLinks()).toEqual(['Text management']);
    expect(authStore.get()).toMatchObject({ authType: 'apikey', apiKey: 'key' });
  });

  it('decides on the stored permissions when the check gets no answer in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storedKey({ ...NONE, file: true });
    answerKeyCheck = (signal) =>
      new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    await renderAt('/admin');
    expect(checking()).toBeInTheDocument();
    vi.advanceTimersByTime(15_000);
    await waitFor(() => expect(location()).toBe('/admin/file-management'));
    expect(authStore.get()).toMatchObject({ authType: 'apikey', apiKey: 'key' });
  });

  it('signs out a key the server refuses, to the login screen with the reason', async () => {
    storedKey({ text: true, file: true, mount: true });
    answerKeyCheck = () => Promise.resolve(envelope(null, 401, 'API_KEY_INVALID'));
    await renderAt('/admin/text-management');
    expect(await screen.findByRole('heading', { name: 'Sign in to Pastebox' })).toBeInTheDocument();
    expect(authStore.get().authType).toBe('none');
    expect(await screen.findByText('API key invalid or expired')).toBeInTheDocument();
  });

  it('does not check again a key signed in on the route: the login just verified it', async () => {
    await renderAt('/admin/text-management');
    act(() => storedKey({ ...NONE, text: true }));
    expect(screen.getByRole('heading', { name: 'User panel' })).toBeInTheDocument();
    expect(checking()).not.toBeInTheDocument();
    expect(keyChecks).toBe(0);
  });

  it('falls back to the login screen when the session ends', async () => {
    authStore.signInAdmin('tok');
    await renderAt('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Admin account' })).toBeInTheDocument();
    act(() => authStore.signOut('expired'));
    expect(screen.getByRole('heading', { name: 'Sign in to Pastebox' })).toBeInTheDocument();
    expect(location()).toBe('/admin/settings');
  });
});
