import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './LoginForm';

/** An answer in the server's envelope (DESIGN §4). */
function envelope(status: number, data: unknown, error?: string, message = 'msg') {
  const body = { code: status, message, data, success: status < 400, ...(error ? { error } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const keyInfo = {
  name: 'CI bot',
  basic_path: '/',
  permissions: { text: true, file: false, mount: false },
  key_info: { id: 'k1', name: 'CI bot', basic_path: '/', expires_at: null },
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  authStore.signOut();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

async function switchToApiKey(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'API key' }));
  return screen.getByPlaceholderText('Paste your API key');
}

describe('LoginForm — admin account', () => {
  it('requires both username and password before calling the server', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Username/), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.queryByText('Enter your username')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores admin_token after a successful login submitted with Enter', async () => {
    fetchMock.mockResolvedValue(
      envelope(200, { token: 'tok-123', expiresAt: '2030-01-01T00:00:00.000Z', username: 'admin' }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText(/^Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'admin-pass-1{Enter}');

    await waitFor(() => expect(authStore.get().authType).toBe('admin'));
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('tok-123');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toMatch(/\/api\/admin\/login$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      username: 'admin',
      password: 'admin-pass-1',
    });
  });

  it('says "wrong username or password" for refused credentials and stays signed out', async () => {
    fetchMock.mockResolvedValue(envelope(401, null, 'INVALID_CREDENTIALS'));
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText(/^Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'nope{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(authStore.get().authType).toBe('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('treats a login answer without a token as a bad response format', async () => {
    fetchMock.mockResolvedValue(envelope(200, { expiresAt: '2030-01-01T00:00:00.000Z' }));
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText(/^Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'admin-pass-1{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(/bad format/);
    expect(authStore.get().authType).toBe('none');
  });

  it('validates in Chinese too', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />, { language: 'zh-CN' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
  });
});

describe('LoginForm — API key', () => {
  it('requires the key before calling the server', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await switchToApiKey(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your API key')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a refused key keeps the previous key and type and says verification failed', async () => {
    authStore.signInApiKey(
      'old-key',
      { id: 'k0', name: 'Old', basic_path: '/' },
      keyInfo.permissions,
    );
    fetchMock.mockResolvedValue(envelope(401, null, 'API_KEY_INVALID'));
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    const input = await switchToApiKey(user);
    await user.type(input, 'bad-key{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('API key verification failed');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toMatch(/\/api\/test\/api-key$/);
    expect(new Headers(init?.headers).get('authorization')).toBe('ApiKey bad-key');
    expect(authStore.get()).toMatchObject({ authType: 'apikey', apiKey: 'old-key' });
    expect(window.localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('old-key');
  });

  it('refuses a valid key that has no permission at all', async () => {
    fetchMock.mockResolvedValue(
      envelope(200, { ...keyInfo, permissions: { text: false, file: false, mount: false } }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.type(await switchToApiKey(user), 'empty-key{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(/no text, file or mount permission/);
    expect(authStore.get().authType).toBe('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
  });

  it('signs in with a verified key and stores it with its permissions', async () => {
    fetchMock.mockResolvedValue(envelope(200, keyInfo));
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    const input = await switchToApiKey(user);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show or hide the API key' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.type(input, 'good-key');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(authStore.get().authType).toBe('apikey'));
    expect(authStore.get().keyInfo).toEqual({ id: 'k1', name: 'CI bot', basic_path: '/' });
    expect(window.localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('good-key');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.apiKeyPermissions)!)).toEqual(
      keyInfo.permissions,
    );
  });
});
