import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './LoginForm';

const me = {
  id: 'm1',
  username: 'ada',
  display_name: 'Ada',
  email: null,
  role: 'member',
  permissions: { text: true, file: false, mount: true },
  basic_path: '/team',
  quota_bytes: 0,
  used_bytes: 0,
};

let calls: { path: string; authorization: string | null }[] = [];
let accountAnswer: () => Response;

beforeEach(() => {
  authStore.signOut();
  calls = [];
  accountAnswer = () => apiAnswer(200, me);
  stubFetch((url, init) => {
    calls.push({
      path: url.pathname,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    if (url.pathname === '/api/admin/login') {
      return apiAnswer(200, {
        token: 'member-tok',
        expiresAt: '2030-01-01T00:00:00.000Z',
        username: 'ada',
        role: 'member',
      });
    }
    return accountAnswer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

async function signIn() {
  const user = userEvent.setup();
  await renderWithProviders(<LoginForm />);
  await user.type(screen.getByLabelText(/^Username/), 'ada');
  await user.type(screen.getByLabelText(/^Password/), 'ada-pass-1{Enter}');
}

describe('LoginForm — a member (issue 32)', () => {
  it('signs a member in on the account form, with the rights GET /api/account names', async () => {
    await signIn();
    await waitFor(() => expect(authStore.get().authType).toBe('member'));

    expect(calls).toEqual([
      { path: '/api/admin/login', authorization: null },
      { path: '/api/account', authorization: 'Bearer member-tok' },
    ]);
    expect(authStore.get().permissions).toEqual(me.permissions);
    expect(authStore.get().member).toEqual({
      id: 'm1',
      username: 'ada',
      display_name: 'Ada',
      basic_path: '/team',
    });
    expect(localStorage.getItem(STORAGE_KEYS.memberToken)).toBe('member-tok');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('stays signed out, saying why, when the account cannot be read', async () => {
    accountAnswer = () => apiAnswer(403, null, 'ACCOUNT_DISABLED');
    await signIn();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(authStore.get().authType).toBe('none');
    expect(localStorage.getItem(STORAGE_KEYS.memberToken)).toBeNull();
  });
});
