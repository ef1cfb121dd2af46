import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { AUTH_EVENTS, authStore, basePathOf, isScoped, memberName } from './auth-store';
import { readStoredAuth } from './stored-auth';

const member = { id: 'm1', username: 'ada', display_name: 'Ada L.', basic_path: '/team' };
const rights = { text: true, file: false, mount: true };

/** Counts each auth event the store dispatches on window. */
function countEvents() {
  const seen = { changed: 0, adminExpired: 0, apiKeyInvalid: 0 };
  const listeners = (Object.keys(seen) as (keyof typeof seen)[]).map((name) => {
    const listener = () => (seen[name] += 1);
    window.addEventListener(AUTH_EVENTS[name], listener);
    return () => window.removeEventListener(AUTH_EVENTS[name], listener);
  });
  return { seen, stop: () => listeners.forEach((stop) => stop()) };
}

beforeEach(() => authStore.signOut());
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('auth store — a member (issue 32)', () => {
  it('signs a member in with a Bearer token, its rights and base path, mirrored to storage', () => {
    authStore.signInApiKey('old-key', { id: 'k1', name: 'bot', basic_path: '/' }, rights);
    authStore.signInMember('member-token', member, rights);

    const state = authStore.get();
    expect(state.authType).toBe('member');
    expect(authStore.authorization()).toBe('Bearer member-token');
    expect(state.permissions).toEqual(rights);
    expect(basePathOf(state)).toBe('/team');
    expect(isScoped(state.authType)).toBe(true);
    expect(memberName(state.member)).toBe('Ada L.');
    expect(localStorage.getItem(STORAGE_KEYS.memberToken)).toBe('member-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.memberInfo) ?? 'null')).toEqual(member);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.memberPermissions) ?? 'null')).toEqual(
      rights,
    );
    // One session at a time: the key it replaced is forgotten.
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('names a member by its username when it has no display name', () => {
    expect(memberName({ ...member, display_name: null })).toBe('ada');
    expect(memberName({ ...member, display_name: '  ' })).toBe('ada');
  });

  it('restores on start: admin token before member token before API key', () => {
    localStorage.setItem(STORAGE_KEYS.apiKey, 'a-key');
    localStorage.setItem(STORAGE_KEYS.memberToken, 'm-token');
    localStorage.setItem(STORAGE_KEYS.memberInfo, JSON.stringify(member));
    localStorage.setItem(STORAGE_KEYS.memberPermissions, JSON.stringify(rights));
    const restored = readStoredAuth();
    expect(restored).toMatchObject({
      authType: 'member',
      memberToken: 'm-token',
      member,
      permissions: rights,
      lastValidated: 0,
    });

    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    expect(readStoredAuth().authType).toBe('admin');

    localStorage.removeItem(STORAGE_KEYS.adminToken);
    localStorage.removeItem(STORAGE_KEYS.memberToken);
    expect(readStoredAuth()).toMatchObject({ authType: 'apikey', apiKey: 'a-key' });
  });

  it('restores a member whose stored rights are unreadable with none, until the check', () => {
    localStorage.setItem(STORAGE_KEYS.memberToken, 'm-token');
    localStorage.setItem(STORAGE_KEYS.memberPermissions, '{not json');
    expect(readStoredAuth()).toMatchObject({
      authType: 'member',
      member: null,
      permissions: { text: false, file: false, mount: false },
    });
  });

  it('ends like the admin on a 401 INVALID_TOKEN: once, with admin-token-expired', async () => {
    authStore.signInMember('member-token', member, rights);
    const events = countEvents();
    const sent: (string | null)[] = [];
    stubFetch((_url, init) => {
      sent.push(new Headers(init?.headers).get('authorization'));
      return apiAnswer(401, null, 'INVALID_TOKEN');
    });

    await expect(apiRequest('/user/pastes')).rejects.toMatchObject({ key: 'INVALID_TOKEN' });
    expect(authStore.get().authType).toBe('none');
    expect(localStorage.getItem(STORAGE_KEYS.memberToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.memberInfo)).toBeNull();
    expect(events.seen.adminExpired).toBe(1);
    expect(events.seen.apiKeyInvalid).toBe(0);

    // Signed out, the next call carries nothing and its 401 ends nothing more: no loop.
    await expect(apiRequest('/user/pastes')).rejects.toMatchObject({ key: 'INVALID_TOKEN' });
    expect(sent).toEqual(['Bearer member-token', null]);
    expect(events.seen.adminExpired).toBe(1);
    events.stop();
  });

  it('is not signed out by 403 ADMIN_REQUIRED, a refusal of the call, not of the session', async () => {
    authStore.signInMember('member-token', member, rights);
    stubFetch(() => apiAnswer(403, null, 'ADMIN_REQUIRED'));
    await expect(apiRequest('/admin/pastes')).rejects.toMatchObject({ key: 'ADMIN_REQUIRED' });
    expect(authStore.get().authType).toBe('member');
  });
});
