import { authStore } from '@/lib/auth/auth-store';

/**
 * Issue 33: the admin manages every bundle under /admin/bundles; a member or a key holding
 * the file permission only its own under /user/bundles (as for file shares).
 */
export function bundlesBasePath(): '/admin/bundles' | '/user/bundles' {
  return authStore.get().authType === 'admin' ? '/admin/bundles' : '/user/bundles';
}
