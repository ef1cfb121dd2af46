import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { SsoCompletePage } from './SsoCompletePage';

const me = {
  id: 'm1',
  username: 'ada',
  display_name: 'Ada',
  email: 'ada@example.com',
  role: 'member',
  permissions: { text: true, file: true, mount: false },
  basic_path: '/team',
  quota_bytes: 0,
  used_bytes: 0,
};

let calls: { path: string; authorization: string | null }[] = [];

/** Where the page sent the person: the router's path after the sign-in. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p>landed at {`${pathname}${search}`}</p>;
}

/** Opens /sso/complete with `fragment` in the real address bar, as the server's 302 does. */
async function openWith(fragment: string) {
  window.history.replaceState(null, '', `/sso/complete#${fragment}`);
  await renderWithProviders(
    <Routes>
      <Route path="/sso/complete" element={<SsoCompletePage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route: '/sso/complete' },
  );
}

const session = (fields: Record<string, string>) =>
  new URLSearchParams({
    token: 'sso-tok',
    expires: '2030-01-01T00:00:00.000Z',
    username: 'ada',
    ...fields,
  }).toString();

beforeEach(() => {
  authStore.signOut();
  calls = [];
  stubFetch((url, init) => {
    calls.push({
      path: url.pathname,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    return url.pathname === '/api/account' ? apiAnswer(200, me) : apiAnswer(404, null, 'NOT_FOUND');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
  window.history.replaceState(null, '', '/');
});

describe('SsoCompletePage (issue 32)', () => {
  it('signs an admin in, clears the fragment at once, and goes to return_to', async () => {
    await openWith(session({ role: 'admin', return_to: '/admin/audit?x=1' }));
    expect(window.location.hash).toBe('');
    expect(await screen.findByText('landed at /admin/audit?x=1')).toBeInTheDocument();
    expect(authStore.get().authType).toBe('admin');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('sso-tok');
    // An admin needs no second call: the same path as the password form's.
    expect(calls).toEqual([]);
  });

  it('signs a member in with the rights GET /api/account names, like the password form', async () => {
    await openWith(session({ role: 'member', return_to: '/admin/file-management' }));
    expect(await screen.findByText('landed at /admin/file-management')).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/account', authorization: 'Bearer sso-tok' }]);
    expect(authStore.get().authType).toBe('member');
    expect(authStore.get().permissions).toEqual(me.permissions);
    expect(authStore.get().member?.basic_path).toBe('/team');
    expect(window.location.hash).toBe('');
  });

  it.each([
    ['https://evil.example/admin'],
    ['//evil.example/admin'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
  ])('does not follow a return_to off this site (%s): /admin instead', async (returnTo) => {
    await openWith(session({ role: 'admin', return_to: returnTo }));
    expect(await screen.findByText('landed at /admin')).toBeInTheDocument();
  });

  it('shows a refusal translated, with a way back to the sign-in, and stays signed out', async () => {
    await openWith('error=SSO_DOMAIN_NOT_ALLOWED');
    expect(window.location.hash).toBe('');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your e-mail domain may not sign in to this server',
    );
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/admin');
    expect(authStore.get().authType).toBe('none');
  });

  it('reads an unknown or malformed outcome as SSO_FAILED, in Chinese too', async () => {
    window.history.replaceState(null, '', '/sso/complete#error=%3Cscript%3E');
    await renderWithProviders(<SsoCompletePage />, { language: 'zh-CN' });
    expect(await screen.findByRole('alert')).toHaveTextContent('单点登录失败');
    expect(screen.getByRole('link', { name: '返回登录' })).toBeInTheDocument();
  });

  it('stays signed out, saying why, when a member session cannot be read', async () => {
    stubFetch(() => apiAnswer(403, null, 'ACCOUNT_DISABLED'));
    await openWith(session({ role: 'member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled');
    expect(authStore.get().authType).toBe('none');
    expect(localStorage.getItem(STORAGE_KEYS.memberToken)).toBeNull();
  });
});
