import { authStore } from '@/lib/auth/auth-store';

/**
 * SPEC §6: the admin manages every file share under /admin/files, a key holding the file
 * permission only its own under /user/files.
 */
export function filesBasePath(): '/admin/files' | '/user/files' {
  return authStore.get().authType === 'admin' ? '/admin/files' : '/user/files';
}
