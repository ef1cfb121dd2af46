import { authStore } from '@/lib/auth/auth-store';

/**
 * SPEC §7: the file system, mounts and tasks answer under /admin/… for the admin and
 * /user/… for a key with mount permission: one call, the caller's family.
 */
export function familyBase(): '/admin' | '/user' {
  return authStore.get().authType === 'admin' ? '/admin' : '/user';
}

/** `/admin/fs/list?path=…` or `/user/fs/list?path=…`, with the query encoded. */
export function fsCallPath(call: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${familyBase()}/fs/${call}${search ? `?${search}` : ''}`;
}
