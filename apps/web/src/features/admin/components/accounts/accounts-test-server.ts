import type { AccountItem } from '@pastebox/contract/schemas/account';
import { apiAnswer as json } from '@/test/fake-server';

/** The Accounts module's tests' server: three accounts, the admin signed in as a1. */
const MiB = 1024 ** 2;
const stamp = '2026-11-20T10:00:00.000Z';
export const account = (fields: Partial<AccountItem> & Pick<AccountItem, 'id' | 'username'>) => ({
  display_name: null,
  email: null,
  role: 'member' as const,
  text_permission: true,
  file_permission: false,
  mount_permission: false,
  basic_path: '/',
  quota_bytes: 0,
  used_bytes: 0,
  disabled: false,
  has_password: true,
  invite_expires_at: null,
  created_at: stamp,
  updated_at: stamp,
  ...fields,
});
export const admin = account({
  id: 'a1',
  username: 'admin',
  role: 'admin',
  file_permission: true,
  mount_permission: true,
});
export const alice = account({
  id: 'a2',
  username: 'alice',
  display_name: 'Alice Liddell',
  email: 'alice@example.com',
  basic_path: '/team',
  quota_bytes: 100 * MiB,
  used_bytes: 80 * MiB,
});
export const bob = account({
  id: 'a3',
  username: 'bob',
  disabled: true,
  has_password: false,
  invite_expires_at: '2026-12-01T10:00:00.000Z',
});
const everyone = [admin, alice, bob];

/** Every call the module made: method, path with query, and body. */
export let calls: { method: string; path: string; body?: unknown }[] = [];

export function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname + url.search, body });
  if (url.pathname === '/api/test/admin-token') {
    return json(200, { id: 'a1', username: 'admin', expiresAt: '2026-12-30T00:00:00.000Z' });
  }
  if (url.pathname === '/api/admin/accounts' && method === 'GET') {
    const search = url.searchParams.get('search') ?? '';
    const role = url.searchParams.get('role');
    const items = everyone.filter(
      (item) => item.username.includes(search) && (!role || item.role === role),
    );
    const pagination = { total: items.length, limit: 10, offset: 0, page: 1, totalPages: 1 };
    return json(200, { items, pagination });
  }
  if (url.pathname === '/api/admin/accounts' && method === 'POST') {
    const sent = body as { username: string; invite?: boolean };
    if (sent.username === 'taken') {
      return json(409, null, 'USERNAME_TAKEN');
    }
    const created = account({
      id: 'a9',
      username: sent.username,
      has_password: !sent.invite,
      invite_expires_at: sent.invite ? '2026-12-04T09:30:00.000Z' : null,
    });
    const link = sent.invite ? 'http://pastebox.test/invite/tok-123456789012345678' : null;
    return json(201, { account: created, invite_url: link });
  }
  const one = everyone.find((item) => url.pathname === `/api/admin/accounts/${item.id}`);
  if (one && method === 'PUT') {
    const refusal = refusals.put;
    return refusal
      ? json(refusal.status, null, refusal.error)
      : json(200, { ...one, ...(body as object) });
  }
  const reset = everyone.find((item) => url.pathname === `/api/admin/accounts/${item.id}/password`);
  if (reset && method === 'POST') {
    const invite = (body as { invite?: boolean }).invite === true;
    const changed = {
      ...reset,
      has_password: !invite,
      invite_expires_at: invite ? '2026-12-04T09:30:00.000Z' : null,
    };
    const link = invite ? 'http://pastebox.test/invite/tok-new-0123456789abcdef' : null;
    return json(200, { account: changed, invite_url: link });
  }
  if (url.pathname === '/api/admin/accounts/a2' && method === 'DELETE') {
    return json(200, { pastes: 3, files: 1 });
  }
  return json(404, null, 'NOT_FOUND');
}

/** Forgets the calls of the previous test. */
export function resetCalls(): void {
  calls = [];
  refusals.put = null;
}

/** What the next PUT answers instead of the saved account (a refusal's status and key). */
export const refusals: { put: { status: number; error: string } | null } = { put: null };
