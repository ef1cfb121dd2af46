import { STORAGE_KEYS } from '@pastebox/contract/limits';
import type { AccountMe } from '@pastebox/contract/schemas/account';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { AUTH_EVENTS, authStore } from './auth-store';
import { useAuthRevalidation } from './use-auth-revalidation';
import { validateAuth } from './validate';

const stored = { id: 'm1', username: 'ada', display_name: null, basic_path: '/team' };

function me(overrides: Partial<AccountMe> = {}): AccountMe {
  return {
    id: 'm1',
    username: 'ada',
    display_name: 'Ada',
    email: null,
    role: 'member',
    permissions: { text: true, file: true, mount: false },
    basic_path: '/team/docs',
    quota_bytes: 0,
    used_bytes: 0,
    ...overrides,
  };
}

/** Every call the check made: its path and the credentials it carried. */
let calls: { path: string; authorization: string | null }[] = [];

function serve(answer: () => Response | Promise<Response>) {
  stubFetch((url, init) => {
    calls.push({
      path: url.pathname,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    return answer();
  });
}

beforeEach(() => {
  calls = [];
  authStore.signOut();
  authStore.signInMember('m-token', stored, { text: true, file: false, mount: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('revalidation of a member (issue 32)', () => {
  it('asks GET /api/account with the Bearer token and takes its rights and base path', async () => {
    serve(() => apiAnswer(200, me()));
    await expect(validateAuth(true)).resolves.toBe(true);

    expect(calls).toEqual([{ path: '/api/account', authorization: 'Bearer m-token' }]);
    const state = authStore.get();
    expect(state.authType).toBe('member');
    expect(state.permissions).toEqual({ text: true, file: true, mount: false });
    expect(state.member).toEqual({
      id: 'm1',
      username: 'ada',
      display_name: 'Ada',
      basic_path: '/team/docs',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.memberInfo) ?? '{}')).toMatchObject({
      basic_path: '/team/docs',
    });
  });

  it('does not ask again within five minutes unless forced', async () => {
    serve(() => apiAnswer(200, me()));
    await validateAuth(true);
    await validateAuth();
    expect(calls).toHaveLength(1);
  });

  it('signs out with admin-token-expired when the session has ended', async () => {
    const expired = vi.fn();
    window.addEventListener(AUTH_EVENTS.adminExpired, expired);
    serve(() => apiAnswer(401, null, 'INVALID_TOKEN'));

    await expect(validateAuth(true)).resolves.toBe(false);
    expect(authStore.get().authType).toBe('none');
    expect(localStorage.getItem(STORAGE_KEYS.memberToken)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    window.removeEventListener(AUTH_EVENTS.adminExpired, expired);
  });

  it('keeps the session when the server cannot be reached', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(validateAuth(true)).resolves.toBe(true);
    expect(authStore.get().authType).toBe('member');
    expect(authStore.authorization()).toBe('Bearer m-token');
  });

  it('runs on entering the admin route, through useAuthRevalidation', async () => {
    serve(() => apiAnswer(200, me({ basic_path: '/elsewhere' })));
    function Probe() {
      useAuthRevalidation();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/admin/account']}>
        <Probe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(authStore.get().member?.basic_path).toBe('/elsewhere'));
    expect(calls.map((call) => call.path)).toEqual(['/api/account']);
  });
});
