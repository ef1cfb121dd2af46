import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { AdminRoute } from './AdminRoute';

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 200, message: 'OK', data, success: true }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** Real-shaped answers for the calls the panel makes while it opens. */
function answer(input: RequestInfo | URL): Response {
  const url = input instanceof Request ? input.url : String(input);
  if (url.includes('/api/test/admin-token')) {
    return envelope({ id: 'a1', username: 'root', expiresAt: '2030-01-01T00:00:00.000Z' });
  }
  if (url.includes('/pastes')) {
    const pagination = { total: 0, limit: 10, offset: 0, page: 1, totalPages: 0 };
    return envelope({ items: [], pagination });
  }
  if (url.includes('/api/admin/api-keys')) {
    return envelope([]);
  }
  return new Response('{}', { status: 404 });
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/admin" element={<AdminRoute />} />
        <Route path="/admin/:module" element={<AdminRoute />} />
      </Routes>
      <Location />
    </>,
    { route },
  );
}

const location = () => screen.getByTestId('location').textContent;
const keyInfo = { id: 'k1', name: 'CI bot', basic_path: '/' };

beforeEach(() => {
  authStore.signOut();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => Promise.resolve(answer(input))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
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
    expect(nav.querySelectorAll('a')).toHaveLength(7);
    expect(await screen.findByText('Signed in as root')).toBeInTheDocument();
  });

  it('sends an unknown module to the default one', async () => {
    authStore.signInAdmin('tok');
    await renderAt('/admin/no-such-module');
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  });

  it('shows a key user only what its permissions allow and redirects admin-only modules', async () => {
    authStore.signInApiKey('key', keyInfo, { text: true, file: false, mount: true });
    await renderAt('/admin/key-management');
    await waitFor(() => expect(location()).toBe('/admin/text-management'));
    expect(screen.getByRole('heading', { name: 'User panel' })).toBeInTheDocument();
    expect(screen.getByText('Key: CI bot')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Panel navigation' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Text management',
      'Mount management',
    ]);
    expect(screen.queryByRole('button', { name: 'Clear expired' })).not.toBeInTheDocument();
  });

  it('sends a key without any permission home', async () => {
    authStore.signInApiKey('key', keyInfo, { text: false, file: false, mount: false });
    await renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
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
